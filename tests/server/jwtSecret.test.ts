import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { loadJwtSecret } from '../../src/server/auth/jwtSecret';
import { IN_MEMORY } from '../../src/server/db/client';

describe('the access-token secret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once into DATA_DIR/secrets.json, private to the owner, and reused', () => {
    const first = loadJwtSecret({ jwtSecret: undefined, dataDir: dir });
    const second = loadJwtSecret({ jwtSecret: undefined, dataDir: dir });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(first.length).toBe(32);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toHaveProperty('jwtSecret');
    expect(statSync(join(dir, 'secrets.json')).mode & 0o077).toBe(0);
  });

  it('comes from JWT_SECRET when set, and is random in memory for tests', () => {
    expect(new TextDecoder().decode(loadJwtSecret({ jwtSecret: 'x'.repeat(32), dataDir: dir }))).toBe('x'.repeat(32));
    const a = loadJwtSecret({ jwtSecret: undefined, dataDir: IN_MEMORY });
    const b = loadJwtSecret({ jwtSecret: undefined, dataDir: IN_MEMORY });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('refuses a short JWT_SECRET and reads the rate limits', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(loadConfig({ RATE_LIMIT_BET_ACCOUNT: '5' }).rateLimits).toEqual({
      authPerIp: 600,
      authPerLogin: 10,
      publicPerIp: 1200,
      perAccount: 120,
      betPerIp: 600,
      betPerAccount: 5,
      paymentPerIp: 600,
      paymentPerAccount: 30,
    });
  });
});
