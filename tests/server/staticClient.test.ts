import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

describe('the built client', () => {
  let t: TestServer;
  let origin: string;
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-static-'));
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>moonrush</title>');
    writeFileSync(join(dir, 'assets', 'index-AbC_12-z.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'space.png'), 'png');
    t = await startServer({ STATIC_DIR: dir });
    origin = t.api.replace('/api/v1', '');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('revalidates index.html and unhashed art on every load, and caches hashed bundles for a year', async () => {
    for (const path of ['/', '/index.html', '/assets/space.png']) {
      const res = await fetch(origin + path);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'no-cache']);
    }
    const bundle = await fetch(`${origin}/assets/index-AbC_12-z.js`);
    expect([bundle.status, bundle.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('answers a page path with index.html and a missing file with 404, never HTML in place of a script', async () => {
    const page = await fetch(`${origin}/ref/abc?x=1`);
    expect([page.status, page.headers.get('cache-control'), await page.text()]).toEqual([
      200,
      'no-cache',
      '<!doctype html><title>moonrush</title>',
    ]);
    const missing = await fetch(`${origin}/assets/index-OldHash1.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/html/);
  });
});
