import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatDestination, type ChatEvent, type ChatMessage } from '../../src/shared/wire/chat';
import type { Db } from '../../src/server/db/client';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, endRound, fundedPlayer, openRound } from './betting';
import { connectStomp, waitUntil, type StompTestClient } from './stompClient';
import { ops, signedInOperator, type TestOperator } from './opsClient';

const EN = chatDestination('en');

describe('chat', () => {
  let t: TestServer;
  let db: Db;
  let admin: TestOperator;
  const sockets: StompTestClient[] = [];
  beforeAll(async () => {
    // Rounds are driven by hand; a writer must have played one.
    t = await startServer({ ROLE: 'gateway', CHAT_MIN_ROUNDS: '1' });
    db = t.server.services.database.db;
    admin = await signedInOperator(t, 'admin');
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
  });

  /** A player who has played one round: their bet of `amount` was lost. */
  async function writer(amount = 1000): Promise<{ token: string; id: number; betId: string }> {
    const player = await fundedPlayer(t.api, db, 10_000);
    await closeAllRounds(db);
    const round = await openRound(db, 1.5);
    const bet = await call<{ betId: string }>(t.api, 'POST', '/bet/create', { amount }, { token: player.token });
    await endRound(db, round);
    return { ...player, betId: bet.body.data!.betId };
  }
  const say = (token: string | undefined, body: unknown, room = 'en') =>
    call<ChatMessage>(t.api, 'POST', `/chat/${room}/messages`, body, token ? { token } : {});
  const historyOf = (token?: string, query = '') =>
    call<ChatMessage[]>(t.api, 'GET', `/chat/en/messages${query}`, undefined, token ? { token } : {});
  async function listener(): Promise<StompTestClient> {
    const before = t.server.services.stomp.subscribers(EN);
    const socket = await connectStomp(t.ws, [EN]);
    sockets.push(socket);
    await waitUntil(() => t.server.services.stomp.subscribers(EN) > before, 5000, 'the subscription');
    return socket;
  }
  const events = (socket: StompTestClient) => (socket.received.get(EN) ?? []) as ChatEvent[];
  const texts = (socket: StompTestClient) =>
    events(socket).flatMap((event) => (event.eventType === 'CHAT_MESSAGE' ? [event.data.text] : []));

  it('two players see each other’s messages live, with nicknames and no account data', async () => {
    const [alice, bob] = [await writer(), await writer()];
    const [aliceSocket, bobSocket] = [await listener(), await listener()];
    const hello = await say(alice.token, { text: 'hello from alice' });
    expect(hello.status).toBe(200);
    expect(Object.keys(hello.body.data!).sort()).toEqual(['at', 'id', 'nickname', 'room', 'text']);
    await waitUntil(() => texts(bobSocket).includes('hello from alice'), 5000, "alice's message at bob");
    expect((await say(bob.token, { text: 'hi alice' })).status).toBe(200);
    await waitUntil(() => texts(aliceSocket).includes('hi alice'), 5000, "bob's message at alice");
    const profile = await call<{ nickname: string }>(t.api, 'GET', '/user/profile', undefined, { token: alice.token });
    expect(hello.body.data!.nickname).toBe(profile.body.data!.nickname);
  });

  it('answers 401 to a stranger who writes or reports, and lets anyone read', async () => {
    expect((await say(undefined, { text: 'hello' })).status).toBe(401);
    expect((await call(t.api, 'POST', '/chat/messages/1/report', { reason: 'spam' })).status).toBe(401);
    expect((await historyOf()).status).toBe(200);
    const rooms = await call<{ room: string }[]>(t.api, 'GET', '/chat/rooms');
    expect(rooms.body.data!.map((room) => room.room)).toEqual(['en', 'es', 'pt-BR', 'ru']);
  });

  it('refuses 201 characters, a link, a wallet address and a referral code with a reason', async () => {
    const player = await writer();
    const refused = async (text: string) => {
      const answer = await say(player.token, { text });
      return [answer.status, answer.body.errorMessage];
    };
    expect((await say(player.token, { text: 'abcdefghij'.repeat(19) + 'klmnopqrs!' })).status).toBe(200);
    expect(await refused('y'.repeat(200) + '!')).toEqual([400, 'A message is at most 200 characters']);
    expect(await refused('free coins at https://stake-bonus.example')).toEqual([
      400,
      'Links are not allowed in the chat',
    ]);
    expect(await refused('join moon-bonus.gg today')).toEqual([400, 'Links are not allowed in the chat']);
    expect(await refused('send 1 SOL to 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toEqual([
      400,
      'Wallet addresses are not allowed in the chat',
    ]);
    const other = await call<{ email: string }>(t.api, 'GET', '/user/profile', undefined, {
      token: (await writer()).token,
    });
    expect(await refused(`use my code ${other.body.data!.email} for a bonus`)).toEqual([
      400,
      'Referral codes are not allowed in the chat',
    ]);
    expect(await refused('aaaaaaaaaaaaaaaa')).toEqual([400, 'Please do not flood the chat']);
  });

  it('refuses the 6th message in 10 seconds, and a repeat', async () => {
    const player = await writer();
    for (let i = 1; i <= 5; i++) expect((await say(player.token, { text: `message number ${i}` })).status).toBe(200);
    const sixth = await say(player.token, { text: 'message number 6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.errorMessage).toMatch(/^Too many messages: at most 5 in 10 seconds, wait \d+ s$/);
    const other = await writer();
    expect((await say(other.token, { text: 'once' })).status).toBe(200);
    const again = await say(other.token, { text: 'ONCE ' });
    expect([again.status, again.body.errorMessage]).toEqual([
      400,
      'You have just sent that: please do not repeat yourself',
    ]);
  });

  it('keeps a self-excluded, a blocked and a muted player out, the muted one told the time left', async () => {
    const excluded = await writer();
    await call(t.api, 'POST', '/user/exclusion', { duration: '24h' }, { token: excluded.token });
    const a = await say(excluded.token, { text: 'can I talk' });
    expect([a.status, a.body.errorMessage]).toEqual([
      403,
      'You have excluded yourself from play: the chat is closed to you until it ends',
    ]);
    const blocked = await writer();
    await ops(t, admin, 'POST', `players/${blocked.id}/block`, { reason: 'chargeback' });
    const b = await say(blocked.token, { text: 'can I talk' });
    expect([b.status, b.body.errorMessage]).toEqual([403, 'Your account is blocked: chargeback']);
    const muted = await writer();
    const mute = await ops(t, admin, 'POST', `players/${muted.id}/mute`, { minutes: 15, reason: 'insults' });
    expect(mute.status).toBe(200);
    const c = await say(muted.token, { text: 'can I talk' });
    expect([c.status, c.body.errorMessage]).toEqual([403, 'You are muted in the chat for 15 more minutes (insults)']);
    // The page says it in its language from the code and its parameters.
    expect(c.body).toMatchObject({ errorCode: 'chatMuted', errorParams: { minutes: 15, reason: 'insults' } });
    expect((await ops(t, admin, 'POST', `players/${muted.id}/unmute`)).status).toBe(200);
    expect((await say(muted.token, { text: 'thank you' })).status).toBe(200);
    const newcomer = await fundedPlayer(t.api, db, 0);
    const d = await say(newcomer.token, { text: 'first!' });
    expect([d.status, d.body.errorMessage]).toEqual([
      403,
      'Play 1 rounds before writing in the chat (you have played 0)',
    ]);
  });

  it('shadow-mutes: the player’s messages reach only the player', async () => {
    const [shadowed, reader] = [await writer(), await writer()];
    const readerSocket = await listener();
    await ops(t, admin, 'POST', `players/${shadowed.id}/mute`, { minutes: 60, reason: 'scam', shadow: true });
    const hidden = await say(shadowed.token, { text: 'only I can see this' });
    expect(hidden.status).toBe(200);
    expect((await say(reader.token, { text: 'a marker after it' })).status).toBe(200);
    await waitUntil(() => texts(readerSocket).includes('a marker after it'), 5000, 'the marker');
    expect(texts(readerSocket)).not.toContain('only I can see this');
    const seen = (answer: { body: { data?: ChatMessage[] } }) => answer.body.data!.map((message) => message.text);
    expect(seen(await historyOf(reader.token))).not.toContain('only I can see this');
    expect(seen(await historyOf())).not.toContain('only I can see this');
    expect(seen(await historyOf(shadowed.token))).toContain('only I can see this');
  });

  it('deletes a message for every subscriber and from the history, audited', async () => {
    const player = await writer();
    const [one, two, three] = [await listener(), await listener(), await listener()];
    const message = (await say(player.token, { text: 'something rude' })).body.data!;
    const viewer = await signedInOperator(t, 'viewer');
    expect((await ops(t, viewer, 'POST', `chat/messages/${message.id}/delete`)).status).toBe(403);
    expect((await ops(t, admin, 'POST', `chat/messages/${message.id}/delete`)).status).toBe(200);
    for (const socket of [one, two, three])
      await waitUntil(
        () => events(socket).some((event) => event.eventType === 'CHAT_DELETED' && event.data.id === message.id),
        5000,
        'CHAT_DELETED',
      );
    expect((await historyOf()).body.data!.map((m) => m.id)).not.toContain(message.id);
    const audit = await ops<{ items: { action: string; target: string }[] }>(
      t,
      viewer,
      'GET',
      'audit?action=chat_delete',
    );
    expect(audit.body.data!.items[0]!.target).toBe(`chat:${message.id}`);
  });

  it('shares an own settled bet as the server’s facts, and refuses another’s, an open and a made-up one', async () => {
    const [owner, other] = [await writer(1234), await writer()];
    const shared = await say(owner.token, { shareBetId: owner.betId });
    expect(shared.status).toBe(200);
    expect(shared.body.data!.share).toEqual({
      betId: owner.betId,
      gameId: expect.any(String),
      amount: 1234,
      rate: null,
      winAmount: null,
    });
    const theirs = await say(other.token, { shareBetId: owner.betId });
    expect([theirs.status, theirs.body.errorMessage]).toEqual([403, 'You can share only your own bets']);
    const madeUp = await say(other.token, { shareBetId: '987654321' });
    expect([madeUp.status, madeUp.body.errorMessage]).toEqual([404, 'There is no such bet']);
    await closeAllRounds(db);
    await openRound(db, 2);
    const open = await call<{ betId: string }>(t.api, 'POST', '/bet/create', { amount: 1000 }, { token: other.token });
    const unsettled = await say(other.token, { shareBetId: open.body.data!.betId });
    expect([unsettled.status, unsettled.body.errorMessage]).toEqual([
      409,
      'Only a settled bet can be shared: a cashed-out or lost one',
    ]);
    const claim = await say(other.token, { shareBetId: other.betId, text: 'I won x1000' });
    expect(claim.status).toBe(400);
  });

  it('gives the history again after a reconnect, older pages by `before`, and reports reach the console', async () => {
    const player = await writer();
    const socket = await listener();
    await socket.close();
    for (let i = 0; i < 3; i++)
      expect((await say(player.token, { text: `while you were away ${i}` })).status).toBe(200);
    const again = await listener();
    const latest = (await historyOf()).body.data!;
    expect(latest.slice(-3).map((m) => m.text)).toEqual([0, 1, 2].map((i) => `while you were away ${i}`));
    expect((await say(player.token, { text: 'and live again' })).status).toBe(200);
    await waitUntil(() => texts(again).includes('and live again'), 5000, 'a live message after the reconnect');
    const older = (await historyOf(undefined, `?before=${latest.at(-1)!.id}&limit=2`)).body.data!;
    expect(older.map((m) => m.id)).toEqual(latest.slice(-3, -1).map((m) => m.id));

    const reporter = await writer();
    const target = latest.at(-1)!;
    const report = await call(
      t.api,
      'POST',
      `/chat/messages/${target.id}/report`,
      { reason: 'spam' },
      { token: reporter.token },
    );
    expect(report.status).toBe(200);
    const reports = await ops<{ items: { message: { id: string; accountId: string }; reason: string }[] }>(
      t,
      admin,
      'GET',
      'chat/reports',
    );
    expect(reports.body.data!.items[0]).toMatchObject({
      message: { id: target.id, accountId: String(player.id) },
      reason: 'spam',
    });
    const exported = await ops<{ messages: { text: string }[] }>(t, admin, 'GET', `players/${player.id}/chat`);
    expect(exported.body.data!.messages.map((m) => m.text)).toContain('and live again');
  });

  it('holds a room to its slow mode', async () => {
    const player = await writer();
    const slow = await ops(t, admin, 'POST', 'chat/rooms/es/slow', { seconds: 30 });
    expect(slow.status).toBe(200);
    expect((await say(player.token, { text: 'hola' }, 'es')).status).toBe(200);
    const next = await say(player.token, { text: 'otra vez' }, 'es');
    expect(next.status).toBe(429);
    expect(next.body.errorMessage).toMatch(/^Slow mode: one message every 30 s here, wait (29|30) s$/);
    expect((await say(player.token, { text: 'but english is fine' })).status).toBe(200);
  });
});
