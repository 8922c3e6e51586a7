import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS } from '../../src/shared/protocol';
import { fixedCrashPoints } from './crashPoints';
import { startServer, type TestServer } from './harness';
import { connectStomp, gameEvents, openRaw, waitUntil, type RawClient } from './stompClient';

const CONNECT = 'CONNECT\naccept-version:1.2\nhost:localhost\n\n\0';
const SUBSCRIBE_GAME = `SUBSCRIBE\nid:g\ndestination:${DESTINATIONS.game}\n\n\0`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Frames (commands) in what a raw client received; heart-beats are left out. */
function commands(client: RawClient): string[] {
  return client
    .text()
    .split('\0')
    .map((frame) => frame.replace(/^\n+/, ''))
    .filter(Boolean)
    .map((frame) => frame.split('\n')[0]!);
}

describe('STOMP over WebSocket', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ HEARTBEAT_MS: '200' }, { roundSecrets: fixedCrashPoints([1.1]) });
  });
  afterAll(() => t.close());

  it('negotiates the subprotocol the server prefers among those offered', async () => {
    for (const [offered, chosen] of [
      [['v11.stomp', 'v12.stomp'], 'v12.stomp'],
      [['v10.stomp'], 'v10.stomp'],
    ] as const) {
      const client = await openRaw(t.ws, [...offered]);
      expect(client.ws.protocol).toBe(chosen);
      client.ws.close();
    }
  });

  it('reads a frame that arrives in three WebSocket messages', async () => {
    const client = await openRaw(t.ws);
    for (const part of ['CONNECT\naccept-', 'version:1.1,1.2\nheart-beat:0,0\n', '\n\0']) {
      client.ws.send(part);
      await sleep(20);
    }
    await waitUntil(() => commands(client).includes('CONNECTED'), 3000, 'CONNECTED');
    expect(client.text()).toContain('version:1.2\n');
    client.ws.close();
  });

  it('reads three frames from one WebSocket message and sends the current round after SUBSCRIBE', async () => {
    const client = await openRaw(t.ws);
    client.ws.send(
      CONNECT + SUBSCRIBE_GAME.replace('\n\n', '\nreceipt:sub-1\n\n') + 'UNSUBSCRIBE\nid:nothing\nreceipt:u\n\n\0',
    );
    await waitUntil(
      () => commands(client).filter((command) => command === 'RECEIPT').length >= 2,
      3000,
      'both receipts',
    );
    // The current round comes at once, between the SUBSCRIBE's receipt and the next frame's: one
    // message (GAME_CREATED or GAME_ENDED), or two in flight (GAME_STARTED and the latest GAME_RATE).
    const seen = commands(client);
    const round = seen.slice(2, seen.indexOf('RECEIPT', 2));
    expect(seen.slice(0, 2)).toEqual(['CONNECTED', 'RECEIPT']);
    expect([1, 2]).toContain(round.length);
    expect(round.every((command) => command === 'MESSAGE')).toBe(true);
    expect(client.text()).toContain('receipt-id:sub-1');
    expect(client.text()).toContain('receipt-id:u');
    client.ws.close();
  });

  it('stops sending to a subscription once it is unsubscribed', async () => {
    const client = await openRaw(t.ws);
    client.ws.send(CONNECT + SUBSCRIBE_GAME);
    await waitUntil(() => commands(client).filter((c) => c === 'MESSAGE').length >= 2, 5000, 'live events');
    client.ws.send('UNSUBSCRIBE\nid:g\nreceipt:gone\n\n\0');
    await waitUntil(() => client.text().includes('receipt-id:gone'), 3000, 'the receipt');
    const after = client.text().split('receipt-id:gone')[1]!;
    await sleep(500);
    expect(client.text().split('receipt-id:gone')[1]).toBe(after);
    expect(after).not.toContain('MESSAGE');
    client.ws.close();
  });

  it('sends heart-beats to a peer that asks, and keeps a peer that beats', async () => {
    const client = await openRaw(t.ws);
    client.ws.send('CONNECT\naccept-version:1.2\nheart-beat:200,200\n\n\0');
    for (let i = 0; i < 10; i++) {
      client.ws.send('\n');
      await sleep(100);
    }
    expect(client.messages.filter((m) => m === '\n').length).toBeGreaterThanOrEqual(3);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    client.ws.close();
  });

  it('keeps a @stomp/stompjs client with heart-beats both ways connected', async () => {
    const player = await connectStomp(t.ws, [DESTINATIONS.game], 200);
    try {
      await sleep(1200);
      expect(player.client.connected).toBe(true);
    } finally {
      await player.close();
    }
  });

  it('drops a peer that falls silent for twice the heart-beat interval', async () => {
    const client = await openRaw(t.ws);
    client.ws.send('CONNECT\naccept-version:1.2\nheart-beat:200,0\n\n\0');
    const started = Date.now();
    await client.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('answers malformed input with ERROR and a closed socket while another player keeps receiving', async () => {
    const watcher = await connectStomp(t.ws, [DESTINATIONS.game]);
    const bad: [string, string][] = [
      ['HELLO\n\n\0', 'Unknown command'],
      ['SUBSCRIBE\nid:1\n\n\0', 'Missing destination'],
      [`SUBSCRIBE\nid:1\ndestination:${DESTINATIONS.game}\ncontent-length:x\n\nhi\0`, 'Bad content-length'],
      [`SUBSCRIBE\nid:1\ndestination:${DESTINATIONS.game}\ncontent-length:1\n\nhi\0`, 'Bad content-length'],
      [`SUBSCRIBE\nid:1\ndestination:${DESTINATIONS.game}\n\n${'x'.repeat(70_000)}\0`, 'Frame too large'],
      [`SEND\ndestination:${DESTINATIONS.game}\n\n{}\0`, 'Read-only destination'],
      ['SUBSCRIBE\nid:1\ndestination:/nowhere\n\n\0', 'Unknown destination'],
    ];
    try {
      for (const [frame, message] of bad) {
        const before = gameEvents(watcher, DESTINATIONS.game).length;
        const client = await openRaw(t.ws);
        client.ws.send(CONNECT);
        client.ws.send(frame);
        expect(await client.closed).toBe(1002);
        expect(commands(client)).toEqual(['CONNECTED', 'ERROR']);
        expect(client.text()).toContain(`ERROR\nmessage:${message}\ncontent-type:text/plain`);
        await waitUntil(
          () => gameEvents(watcher, DESTINATIONS.game).length > before,
          5000,
          'the watcher to keep receiving',
        );
      }
      const early = await openRaw(t.ws);
      early.ws.send(SUBSCRIBE_GAME);
      expect(await early.closed).toBe(1002);
      expect(commands(early)).toEqual(['ERROR']);
      expect(watcher.client.connected).toBe(true);
    } finally {
      await watcher.close();
    }
  });

  it('answers DISCONNECT with its RECEIPT and closes the socket', async () => {
    const client = await openRaw(t.ws);
    client.ws.send(CONNECT + 'DISCONNECT\nreceipt:bye\n\n\0');
    expect(await client.closed).toBe(1000);
    expect(commands(client)).toEqual(['CONNECTED', 'RECEIPT']);
    expect(client.text()).toContain('receipt-id:bye');
  });
});
