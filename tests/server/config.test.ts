import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('config', () => {
  it('has working defaults for every setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: 'localhost', dataDir: './data', role: 'all', chain: 'local' });
    expect([c.coinsPerSol, c.bettingMs, c.pauseMs, c.tickMs]).toEqual([10_000, 6000, 3000, 100]);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
  });

  it('refuses bad values with a readable error', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be an integer');
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow('ROLE must be one of all, gateway, engine');
    expect(() => loadConfig({ CHAIN: 'devnet' })).toThrow('CHAIN=devnet needs RPC_URL');
    expect(() => loadConfig({ CHAIN: 'mainnet', RPC_URL: 'http://rpc' })).toThrow('CHAIN=mainnet needs SIGN_IN_DOMAIN');
    expect(() => loadConfig({ REDIS_URL: 'redis://x' })).toThrow('REDIS_URL needs DATABASE_URL');
    expect(() => loadConfig({ REDIS_URL: 'redis://x', DATABASE_URL: 'postgres://x' })).toThrow(
      'REDIS_URL needs JWT_SECRET',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow('TRUST_PROXY must be');
    expect(() => loadConfig({ CHAIN: 'devnet', RPC_URL: 'http://rpc', LOCAL_CHAIN_URL: 'http://chain' })).toThrow(
      'LOCAL_CHAIN_URL serves CHAIN=local only',
    );
  });

  it('reads the risk caps as percents of the bankroll', () => {
    expect(loadConfig({}).risk).toEqual({ betPpm: 7500, roundPpm: 11_250 });
    expect(loadConfig({}).localHouseSol).toBe(1000);
    expect(loadConfig({ RISK_BET_PERCENT: '2', RISK_ROUND_PERCENT: '0.0001' }).risk).toEqual({
      betPpm: 20_000,
      roundPpm: 1,
    });
    for (const bad of ['0', '-1', '101', '0.00001', 'abc'])
      expect(() => loadConfig({ RISK_BET_PERCENT: bad })).toThrow('RISK_BET_PERCENT must be a percent');
  });

  it("reads the console's settings: sessions in minutes, review thresholds in coins, the explorer link", () => {
    expect(loadConfig({}).ops).toEqual({
      sessionMs: 30 * 60_000,
      reviewAbove: null,
      velocityCount: null,
      velocityMs: 3_600_000,
      secondApprovalAbove: null,
      creditApprovalAbove: 100_000,
      creditDailyCap: 1_000_000,
      explorer: 'https://explorer.solana.com/tx/{sig}?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A8899',
    });
    const env = { OPS_SESSION_MINUTES: '5', WITHDRAW_REVIEW_ABOVE: '1000', WITHDRAW_SECOND_APPROVAL_ABOVE: '50000' };
    expect(loadConfig(env).ops).toMatchObject({
      sessionMs: 300_000,
      reviewAbove: 100_000,
      secondApprovalAbove: 5_000_000,
    });
    const mainnet = { CHAIN: 'mainnet', RPC_URL: 'http://rpc', SIGN_IN_DOMAIN: 'moonrush.example' };
    expect(loadConfig(mainnet).ops.explorer).toBe('https://explorer.solana.com/tx/{sig}?cluster=mainnet-beta');
    // Real money has the review rules on by default; `none` turns one off.
    expect(loadConfig(mainnet).ops).toMatchObject({ reviewAbove: 5_000_000, velocityCount: 5, velocityMs: 3_600_000 });
    const off = { ...mainnet, WITHDRAW_REVIEW_ABOVE: 'none', WITHDRAW_VELOCITY_COUNT: 'none' };
    expect(loadConfig(off).ops).toMatchObject({ reviewAbove: null, velocityCount: null });
    expect(loadConfig({ WITHDRAW_VELOCITY_COUNT: '3', WITHDRAW_VELOCITY_MINUTES: '10' }).ops).toMatchObject({
      velocityCount: 3,
      velocityMs: 600_000,
    });
    expect(() => loadConfig({ OPS_EXPLORER_URL: 'https://solscan.io/tx/' })).toThrow(
      'OPS_EXPLORER_URL must contain {sig}',
    );
    expect(() => loadConfig({ OPS_SESSION_MINUTES: '0' })).toThrow('OPS_SESSION_MINUTES must be an integer >= 1');
  });

  it('believes no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('reads MAX_BET and MAX_WIN in coins and keeps hundredths', () => {
    expect(loadConfig({ MAX_BET: '500', MAX_WIN: '1000' })).toMatchObject({ maxBet: 50_000, maxWin: 100_000 });
  });
});
