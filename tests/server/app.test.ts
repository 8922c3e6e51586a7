import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

describe('game server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('answers /health in the envelope', async () => {
    const res = await fetch(`${t.api}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await fetch(`${t.api}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, errorMessage: 'Not found' });
  });
});
