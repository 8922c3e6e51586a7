import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

const BUNDLE = 'console.log(1)';

describe('the built client', () => {
  let t: TestServer;
  let origin: string;
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-static-'));
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>moonrush</title>');
    writeFileSync(join(dir, 'ops.html'), '<!doctype html><title>moonrush ops</title>');
    writeFileSync(join(dir, 'assets', 'index-AbC_12-z.js'), BUNDLE);
    writeFileSync(join(dir, 'assets', 'space.png'), 'png');
    writeFileSync(join(dir, 'assets', 'index-AbC_12-z.js.br'), brotliCompressSync(BUNDLE));
    writeFileSync(join(dir, 'assets', 'index-AbC_12-z.js.gz'), gzipSync(BUNDLE));
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

  it("answers /ops and the paths under it with the operator's console, and nothing like it with the game", async () => {
    for (const [path, title] of [
      ['/ops', 'moonrush ops'],
      ['/ops/', 'moonrush ops'],
      ['/ops/players?q=a', 'moonrush ops'],
      ['/opsx', 'moonrush'],
      ['/shops', 'moonrush'],
    ]) {
      const page = await fetch(origin + path);
      expect([path, page.status, page.headers.get('cache-control'), await page.text()]).toEqual([
        path,
        200,
        'no-cache',
        `<!doctype html><title>${title}</title>`,
      ]);
    }
  });

  it("sends the build's brotli or gzip copy by Accept-Encoding, cached like the bundle itself", async () => {
    const url = `${origin}/assets/index-AbC_12-z.js`;
    const br = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const body = Buffer.from(await br.arrayBuffer());
    expect([br.headers.get('content-encoding'), br.headers.get('cache-control'), br.headers.get('vary')]).toEqual([
      'br',
      'public, max-age=31536000, immutable',
      'accept-encoding',
    ]);
    // fetch decodes what it announces; the bytes are the original script either way.
    expect(body.toString()).toBe(BUNDLE);
    const gz = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers.get('content-encoding'), await plain.text()]).toEqual([null, BUNDLE]);
  });

  it('compresses API answers over 1 KiB and leaves small ones as they are', async () => {
    const rules = await fetch(`${t.api}/game/fairness`, { headers: { 'accept-encoding': 'br' } });
    const small = await fetch(`${t.api}/health`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const length = Number((await rules.clone().arrayBuffer()).byteLength);
    expect([length > 1024 ? 'large' : 'small', rules.headers.get('content-encoding')]).toEqual(['large', 'br']);
  });
});
