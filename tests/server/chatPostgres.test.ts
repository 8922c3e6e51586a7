/**
 * The chat's one-statement write (post_chat_message.sql) on PostgreSQL, where two gateways write
 * to one database at once: the per-account lock counts messages sent together one after the other.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/wire/chat';
import type { Db } from '../../src/server/db/client';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, endRound, fundedPlayer, openRound } from './betting';
import { startPostgres, type PostgresCluster } from './pg';

describe('chat on PostgreSQL', () => {
  let cluster: PostgresCluster;
  /** Two gateways on one database. */
  let a: TestServer;
  let b: TestServer;
  let db: Db;
  beforeAll(async () => {
    cluster = await startPostgres();
    const env = {
      ...{ DATABASE_URL: await cluster.createDatabase('chat'), JWT_SECRET: randomBytes(32).toString('hex') },
      ...{ ROLE: 'gateway', CHAT_MIN_ROUNDS: '1' },
    };
    a = await startServer(env);
    b = await startServer(env);
    db = a.server.services.database.db;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    cluster?.stop();
  });

  const say = (server: TestServer, token: string, body: unknown) =>
    call<ChatMessage>(server.api, 'POST', '/chat/en/messages', body, { token });

  /** A player who has played one round: their bet of `amount` was lost. */
  async function writer(amount: number): Promise<{ token: string; betId: string }> {
    const player = await fundedPlayer(a.api, db, 10_000);
    await closeAllRounds(db);
    const round = await openRound(db, 1.5);
    const bet = await call<{ betId: string }>(a.api, 'POST', '/bet/create', { amount }, { token: player.token });
    await endRound(db, round);
    if (!bet.body.data) throw new Error(`bet: ${bet.status} ${bet.body.errorMessage}`);
    return { token: player.token, betId: bet.body.data.betId };
  }

  it('stores 5 of 20 messages sent at once through two gateways and refuses the rest with the wait', async () => {
    const player = await writer(1000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => say(i % 2 ? b : a, player.token, { text: `all at once ${i}` })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array(15).fill(429));
    for (const answer of refused)
      expect(answer.body.errorMessage).toMatch(/^Too many messages: at most 5 in 10 seconds, wait \d+ s$/);
  });

  it('shares a settled bet as the server’s facts and refuses a referral code found in the database', async () => {
    const player = await writer(1234);
    const shared = await say(b, player.token, { shareBetId: player.betId });
    expect(shared.status).toBe(200);
    expect(shared.body.data).toMatchObject({
      text: '',
      share: { betId: player.betId, amount: 1234, rate: null, winAmount: null },
    });
    const code = await call<{ email: string }>(a.api, 'GET', '/user/profile', undefined, { token: player.token });
    const referral = await say(a, player.token, { text: `my code ${code.body.data!.email} pays` });
    expect([referral.status, referral.body.errorMessage]).toEqual([400, 'Referral codes are not allowed in the chat']);
  });
});
