import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS } from '../../src/shared/protocol';
import { fixedCrashPoints } from './crashPoints';
import { newPlayer } from './client';
import { startServer, type TestServer } from './harness';
import { connectStomp, gameEvents, openRaw, waitUntil, type RawClient, type StompTestClient } from './stompClient';

const CONNECT = 'CONNECT\naccept-version:1.2\nhost:localhost\n\n\0';
const signedInConnect = (token: string) =>
  `CONNECT\naccept-version:1.2\nhost:localhost\nauthorization:Bearer ${token}\n\n\0`;
const subscribe = (id: string, destination: string = DESTINATIONS.game) =>
  `SUBSCRIBE\nid:${id}\ndestination:${destination}\n\n\0`;

/** The ERROR frame's message header, or null when none came. */
function errorMessage(client: RawClient): string | null {
  return /ERROR\nmessage:([^\n]*)/.exec(client.text())?.[1] ?? null;
}

/** A raw socket that says it comes from `address` (the server trusts X-Forwarded-For in these tests). */
function from(t: TestServer, address: string): Promise<RawClient> {
  return openRaw(t.ws, ['v12.stomp'], { 'x-forwarded-for': address });
}

/** Opens a socket from `address`, connects (signed in with `token`, if any) and subscribes; resolves once the current round arrived. */
async function player(t: TestServer, address: string, token?: string): Promise<RawClient> {
  const client = await from(t, address);
  client.ws.send((token ? signedInConnect(token) : CONNECT) + subscribe('g'));
  await waitUntil(() => client.text().includes('MESSAGE'), 5000, 'the current round');
  return client;
}

/** Waits until the watcher gets another game event: other players are untouched. */
async function stillReceiving(watcher: StompTestClient): Promise<void> {
  const before = gameEvents(watcher, DESTINATIONS.game).length;
  await waitUntil(() => gameEvents(watcher, DESTINATIONS.game).length > before, 5000, 'the watcher to keep receiving');
}

describe('STOMP limits per connection and per address', () => {
  let t: TestServer;
  let watcher: StompTestClient;
  beforeAll(async () => {
    t = await startServer(
      { TRUST_PROXY: 'true', STOMP_MAX_PER_ADDRESS: '3', STOMP_SUBSCRIBE_TIMEOUT_MS: '400' },
      { roundSecrets: fixedCrashPoints([1.1]) },
    );
    watcher = await connectStomp(t.ws, [DESTINATIONS.game]);
  });
  afterAll(async () => {
    await watcher.close();
    await t.close();
  });

  it('refuses a subscription id over 128 bytes with ERROR naming the limit, and takes one of 128', async () => {
    const long = await from(t, '198.51.100.1');
    long.ws.send(CONNECT + subscribe('x'.repeat(129)));
    expect(await long.closed).toBe(1008);
    expect(errorMessage(long)).toBe('Subscription id too long');
    expect(long.text()).toContain('at most 128 bytes');
    const fits = await from(t, '198.51.100.1');
    fits.ws.send(CONNECT + subscribe('x'.repeat(128)));
    await waitUntil(() => fits.text().includes('MESSAGE'), 5000, 'the current round');
    expect(errorMessage(fits)).toBeNull();
    fits.ws.close();
    await stillReceiving(watcher);
  });

  it('takes one subscription per destination per connection', async () => {
    const client = await from(t, '198.51.100.2');
    client.ws.send(CONNECT + subscribe('a') + subscribe('b', DESTINATIONS.online));
    await waitUntil(() => client.text().split('MESSAGE').length > 2, 5000, 'both current states');
    client.ws.send(subscribe('c'));
    expect(await client.closed).toBe(1008);
    expect(errorMessage(client)).toBe('Already subscribed');
    await stillReceiving(watcher);
  });

  it('refuses a fourth socket from one address with ERROR, counts an IPv6 /48 as one network, and takes others', async () => {
    const first = [await player(t, '203.0.113.7'), await player(t, '203.0.113.7'), await player(t, '203.0.113.7')];
    const fourth = await from(t, '203.0.113.7');
    expect(await fourth.closed).toBe(1008);
    expect(errorMessage(fourth)).toBe('Too many connections from your address');
    expect(fourth.text()).toContain('STOMP_MAX_PER_ADDRESS');

    // Three /64s of one /48: a subscriber's line often holds a whole /48, so it is one network.
    const v6 = [
      await player(t, '2001:db8:1:2::1'),
      await player(t, '2001:db8:1:3::2'),
      await player(t, '2001:db8:1:ffff::9'),
    ];
    const sameSlash48 = await from(t, '2001:db8:1:4:abcd::1');
    expect(await sameSlash48.closed).toBe(1008);
    expect(errorMessage(sameSlash48)).toBe('Too many connections from your address');
    const otherSlash48 = await player(t, '2001:db8:2::1');
    const otherAddress = await player(t, '203.0.113.8');

    // A socket that closes frees its place.
    first[0]!.ws.close();
    await first[0]!.closed;
    const again = await player(t, '203.0.113.7');
    for (const client of [...first, ...v6, otherSlash48, otherAddress, again]) client.ws.close();
    expect(watcher.client.connected).toBe(true);
    await stillReceiving(watcher);
  });

  it('closes a connected socket that has not subscribed in time, with ERROR', async () => {
    const idle = await from(t, '198.51.100.3');
    idle.ws.send(CONNECT);
    const started = Date.now();
    expect(await idle.closed).toBe(1008);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(errorMessage(idle)).toBe('Subscribe timeout');
    await stillReceiving(watcher);
  });

  it('closes a socket that floods frames or messages, with ERROR', async () => {
    const frames = await from(t, '198.51.100.4');
    frames.ws.send(CONNECT + subscribe('g') + 'UNSUBSCRIBE\nid:nothing\n\n\0'.repeat(40));
    expect(await frames.closed).toBe(1008);
    expect(errorMessage(frames)).toBe('Too many frames');
    const messages = await from(t, '198.51.100.4');
    messages.ws.send(CONNECT + subscribe('g'));
    for (let i = 0; i < 200 && messages.ws.readyState === messages.ws.OPEN; i++) messages.ws.send('\n');
    expect(await messages.closed).toBe(1008);
    expect(errorMessage(messages)).toBe('Too many frames');
    await stillReceiving(watcher);
  });
});

describe('STOMP limit on all connections', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer(
      { TRUST_PROXY: 'true', STOMP_MAX_CONNECTIONS: '3' },
      { roundSecrets: fixedCrashPoints([1.1]) },
    );
  });
  afterAll(() => t.close());

  it('refuses a socket over the total with ERROR while the others keep receiving', async () => {
    const players = [await player(t, '192.0.2.1'), await player(t, '192.0.2.2'), await player(t, '192.0.2.3')];
    const over = await from(t, '192.0.2.4');
    expect(await over.closed).toBe(1008);
    expect(errorMessage(over)).toBe('Too many connections');
    const counts = players.map((p) => p.text().split('MESSAGE').length);
    await waitUntil(() => players.every((p, i) => p.text().split('MESSAGE').length > counts[i]!), 5000, 'more events');
    for (const p of players) p.ws.close();
  });
});

describe('STOMP places kept for signed-in players', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer(
      { TRUST_PROXY: 'true', STOMP_MAX_CONNECTIONS: '4', STOMP_RESERVED_FOR_PLAYERS: '2' },
      { roundSecrets: fixedCrashPoints([1.1]) },
    );
  });
  afterAll(() => t.close());

  it('refuses strangers the last places of the total and lets signed-in players have them', async () => {
    const strangers = [await player(t, '192.0.2.1'), await player(t, '192.0.2.2')];
    const third = await from(t, '192.0.2.3');
    third.ws.send(CONNECT + subscribe('g'));
    expect(await third.closed).toBe(1008);
    expect(errorMessage(third)).toBe('Too many connections');
    expect(third.text()).toContain('STOMP_RESERVED_FOR_PLAYERS');
    const forged = await from(t, '192.0.2.4');
    forged.ws.send(signedInConnect('not.a.token') + subscribe('g'));
    expect(await forged.closed).toBe(1008);

    const players = [
      await player(t, '192.0.2.5', (await newPlayer(t.api)).token),
      await player(t, '192.0.2.6', (await newPlayer(t.api)).token),
    ];
    const over = await from(t, '192.0.2.7');
    expect(await over.closed).toBe(1008);
    // A stranger's place freed goes to the next stranger.
    strangers[0]!.ws.close();
    await strangers[0]!.closed;
    const next = await player(t, '192.0.2.8');
    for (const client of [...strangers, ...players, next]) client.ws.close();
  });
});
