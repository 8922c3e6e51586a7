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
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});
