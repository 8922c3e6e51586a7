import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../src/server/db/schema';
import { startServer, type TestServer } from './harness';
import { call, newPlayer } from './client';

const register = (t: TestServer, headers: Record<string, string> = {}) =>
  call(
    t.api,
    'POST',
    '/auth/register',
    { email: `p${Math.random()}@example.com`, password: 'correct horse' },
    { headers },
  );
const secure = (cookies: string[]) => cookies.some((cookie) => /;\s*Secure/i.test(cookie));

describe('the refresh cookie behind a TLS proxy', () => {
  let trusted: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    [trusted, direct] = await Promise.all([startServer({ TRUST_PROXY: '127.0.0.1' }), startServer()]);
  });
  afterAll(() => Promise.all([trusted.close(), direct.close()]));

  it('is Secure when a trusted proxy says the player came over https, and not on plain http', async () => {
    expect(secure((await register(trusted, { 'x-forwarded-proto': 'https' })).cookies)).toBe(true);
    expect(secure((await register(trusted)).cookies)).toBe(false);
    // An untrusted peer's header changes nothing.
    expect(secure((await register(direct, { 'x-forwarded-proto': 'https' })).cookies)).toBe(false);
  });
});

describe('expired refresh tokens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('are purged, and live ones kept', async () => {
    const db = t.server.services.database.db;
    await newPlayer(t.api);
    const [live] = await db.select().from(refreshTokens);
    await db.insert(refreshTokens).values({
      accountId: live!.accountId,
      family: 'old',
      tokenHash: 'expired-token-hash',
      expiresAt: Date.now() - 1000,
    });
    await t.server.services.tokens.purgeExpired();
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.family, 'old'))).toEqual([]);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.id, live!.id))).toHaveLength(1);
  });
});
