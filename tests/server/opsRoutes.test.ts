/**
 * The console's routes as the wire's ops table (src/shared/wire/ops.ts) declares them: the operator
 * check before the schemas, the schemas' 400 in the envelope, and answers cut to their schema. The
 * same routes on a real server and PostgreSQL are in ops.test.ts.
 */

import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { installErrorHandlers } from '../../src/server/http/errors';
import { installWireCompilers, schemaRoute, type Hook } from '../../src/server/http/route';
import { operatorOnly } from '../../src/server/ops/requireOperator';
import { OPS_ROUTES } from '../../src/server/ops/routes';
import { opsRoutes } from '../../src/shared/wire/ops';

const ADJUST = 'POST /ops/players/:id/adjust';
const summary = {
  ...{ id: '7', wallet: null, email: 'a@b.example', referralCode: 'R7', balance: 500, blocked: false },
  heldCredit: null,
};

/** A bare Fastify app with the wire's compilers and the adjust route of the ops table, answering `answer()`. */
async function appAnswering(answer: () => unknown, hooks: Hook[] = []) {
  const app = Fastify();
  installErrorHandlers(app);
  installWireCompilers(app);
  schemaRoute(app, ADJUST, opsRoutes[ADJUST], hooks, async () => answer() as typeof summary);
  await app.ready();
  return app;
}

describe('ops routes of the wire table', () => {
  let app: Awaited<ReturnType<typeof appAnswering>> | undefined;
  afterEach(() => app?.close());
  const adjust = (body: unknown, id = '7') =>
    app!.inject({ method: 'POST', url: `/ops/players/${id}/adjust`, payload: body as object });

  it('has a handler for every route of the table but sign-in, with the role the table gives', () => {
    expect(OPS_ROUTES.map((route) => `${route.method} /ops/${route.url}`).sort()).toEqual(
      Object.keys(opsRoutes)
        .filter((key) => key !== 'POST /ops/auth')
        .sort(),
    );
    for (const route of OPS_ROUTES) expect(route.role).toBe(opsRoutes[route.key].role);
  });

  it('asks for an operator before it reads the body: 401, not 400, without a session', async () => {
    // No Authorization header: refused before the database is asked.
    app = await appAnswering(() => summary, [operatorOnly({} as Db, 'admin')]);
    const answer = await adjust({ amount: 'lots', extra: true });
    expect([answer.statusCode, answer.json()]).toEqual([
      401,
      { success: false, errorMessage: 'Please sign in to the console' },
    ]);
  });

  it('refuses a body, or a path, its schemas forbid with the envelope 400', async () => {
    app = await appAnswering(() => summary);
    const refusals = [
      [{ amount: 5, reason: 'goodwill', extra: 1 }, '7', 'Unknown field: extra'],
      [{ amount: 0, reason: 'goodwill' }, '7', 'amount must not be 0'],
      [{ amount: 1.5, reason: 'goodwill' }, '7', 'amount is a whole number of hundredths of a coin'],
      [{ amount: 1e14 + 1, reason: 'goodwill' }, '7', 'amount is too large'],
      [{ amount: 5 }, '7', 'reason is required'],
      [{ amount: 5, reason: 'goodwill' }, 'x7', 'id must be a number'],
    ] as const;
    for (const [body, id, message] of refusals) {
      const answer = await adjust(body, id);
      expect([answer.statusCode, answer.json()]).toEqual([400, { success: false, errorMessage: message }]);
    }
  });

  it('answers in the envelope with only the fields the answer schema names', async () => {
    app = await appAnswering(() => ({ ...summary, passwordHash: 'secret' }));
    const answer = await adjust({ amount: 5, reason: 'goodwill' });
    expect([answer.statusCode, answer.json()]).toEqual([200, { success: true, data: summary }]);
  });

  it('never sends an answer the contract does not allow: a 500 in the envelope instead', async () => {
    app = await appAnswering(() => ({ ...summary, balance: '500' }));
    const answer = await adjust({ amount: 5, reason: 'goodwill' });
    expect([answer.statusCode, answer.json()]).toEqual([
      500,
      { success: false, errorMessage: 'Something went wrong, please try again' },
    ]);
  });
});
