import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentEnvironment } from '../../src/shared/protocol';
import { installErrorHandlers } from '../../src/server/http/errors';
import { installWireCompilers, route } from '../../src/server/http/route';

/** A bare Fastify app with the wire's compilers and one route of the table answering `answer()`. */
async function appAnswering(answer: () => unknown) {
  const app = Fastify();
  installErrorHandlers(app);
  installWireCompilers(app);
  route(app, 'GET /payment/environment', [], async () => answer() as PaymentEnvironment);
  await app.ready();
  return app;
}

describe('routes of the wire table', () => {
  let app: Awaited<ReturnType<typeof appAnswering>> | undefined;
  afterEach(() => app?.close());

  it('answers in the envelope with only the fields the answer schema names', async () => {
    app = await appAnswering(() => ({ type: 'local', rate: 10_000, wallet: 'H', secret: 'internal' }));
    const answer = await app.inject({ method: 'GET', url: '/payment/environment' });
    expect([answer.statusCode, answer.json()]).toEqual([
      200,
      { success: true, data: { type: 'local', rate: 10_000, wallet: 'H' } },
    ]);
  });

  it('never sends an answer the contract does not allow: a 500 in the envelope instead', async () => {
    app = await appAnswering(() => ({ type: 'moon', rate: '1', wallet: 'H' }));
    const answer = await app.inject({ method: 'GET', url: '/payment/environment' });
    expect([answer.statusCode, answer.json()]).toEqual([
      500,
      { success: false, errorMessage: 'Something went wrong, please try again' },
    ]);
  });
});
