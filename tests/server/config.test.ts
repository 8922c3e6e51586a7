import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('config', () => {
  it('has working defaults for every setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: 'localhost', dataDir: './data', role: 'all', chain: 'local' });
    expect([c.coinsPerSol, c.bettingMs, c.pauseMs, c.tickMs]).toEqual([10_000, 6000, 3000, 100]);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('refuses bad values with a readable error', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be an integer');
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow('ROLE must be one of all, gateway, engine');
    expect(() => loadConfig({ CHAIN: 'devnet' })).toThrow('CHAIN=devnet needs RPC_URL');
  });

  it('reads MAX_BET and MAX_WIN in coins and keeps hundredths', () => {
    expect(loadConfig({ MAX_BET: '500', MAX_WIN: '1000' })).toMatchObject({ maxBet: 50_000, maxWin: 100_000 });
  });
});
