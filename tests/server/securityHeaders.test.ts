import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SCRIPT } from '../../src/shared/strategySandbox';
import { startServer, type TestServer } from './harness';

describe('security headers', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('sends a CSP fitting the page, no framing by other sites and nosniff on every answer', async () => {
    for (const path of ['/game/info', '/nowhere']) {
      const res = await fetch(t.api + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(name + ' ')) ?? '';
      expect(directive('default-src')).toContain("'self'");
      // The built scripts, and the strategy lab sandbox's one inline script by its hash: no 'unsafe-inline'.
      const scriptHash = `'sha256-${createHash('sha256').update(SANDBOX_SCRIPT).digest('base64')}'`;
      expect(directive('script-src').trim()).toBe(`script-src 'self' ${scriptHash}`);
      expect(directive('frame-ancestors')).toContain("'none'");
      expect(directive('worker-src')).toContain('blob:');
      for (const cluster of ['mainnet-beta', 'devnet', 'testnet']) {
        expect(directive('connect-src')).toContain(`https://api.${cluster}.solana.com`);
        expect(directive('connect-src')).toContain(`wss://api.${cluster}.solana.com`);
      }
      // The mobile wallet adapter's one local path, not every local socket.
      expect(directive('connect-src')).toContain('ws://localhost:*/solana-wallet');
      expect(directive('connect-src')).not.toMatch(/ws:\/\/localhost:\*( |$)/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it("gives the console at /ops no wallet's sources: its own origin only, no local socket, no frames", async () => {
    for (const path of ['/ops', '/ops/players/7', '/ops.html']) {
      const csp = (await fetch(t.api.replace('/api/v1', '') + path)).headers.get('content-security-policy') ?? '';
      const directive = (name: string) =>
        csp
          .split(';')
          .find((d) => d.trim().startsWith(name + ' '))
          ?.trim();
      expect([path, directive('connect-src'), directive('frame-src')]).toEqual([
        path,
        "connect-src 'self'",
        "frame-src 'none'",
      ]);
    }
  });
});
