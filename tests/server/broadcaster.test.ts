import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { Broadcaster } from '../../src/server/stomp/Broadcaster';
import { LastMessage } from '../../src/server/stomp/Retainer';
import { StompSession, type SessionHost } from '../../src/server/stomp/StompSession';

/** A socket stand-in that records what is sent and lets a test set how much is still buffered. */
class FakeSocket {
  sent: string[] = [];
  bufferedAmount = 0;
  terminated = false;
  private onMessage: (data: Buffer) => void = () => {};
  on(_event: 'message', listener: (data: Buffer) => void) {
    this.onMessage = listener;
  }
  send(data: Buffer) {
    this.sent.push(data.toString());
  }
  terminate() {
    this.terminated = true;
  }
  close() {}
  receive(text: string) {
    this.onMessage(Buffer.from(text));
  }
}

function connectedSession(host: SessionHost, id: string, subscriptionId: string, destinations = ['/d']) {
  const socket = new FakeSocket();
  const session = new StompSession(socket as unknown as WebSocket, host, id, () => null);
  socket.receive(
    'CONNECT\naccept-version:1.2\n\n\0' +
      destinations.map((d, i) => `SUBSCRIBE\nid:${subscriptionId}${i || ''}\ndestination:${d}\n\n\0`).join(''),
  );
  socket.sent.length = 0;
  return { socket, session };
}

describe('Broadcaster', () => {
  const setup = () => {
    const broadcaster = new Broadcaster(new Map([['/d', new LastMessage()]]));
    broadcaster.addDestination('/d');
    broadcaster.addDestination('/e');
    const dropped: string[] = [];
    const host: SessionHost = {
      broadcaster,
      heartbeatMs: 0,
      maxBufferedBytes: 1000,
      subscribeTimeoutMs: 0,
      connected: () => {},
      dropped: (reason) => dropped.push(reason),
      mayRead: () => true,
    };
    return { broadcaster, host, dropped };
  };

  it('serialises an event once and gives each subscriber its own subscription header', () => {
    const { broadcaster, host } = setup();
    const a = connectedSession(host, 'a', 'sub-a');
    const b = connectedSession(host, 'b', 'x:y');
    const encode = vi.spyOn(broadcaster as unknown as { encode: () => unknown }, 'encode');
    broadcaster.publish('/d', '{"n":1}');
    expect(encode).toHaveBeenCalledTimes(1);
    expect(a.socket.sent).toEqual([
      'MESSAGE\ndestination:/d\nmessage-id:1\ncontent-type:application/json\ncontent-length:7\nsubscription:sub-a\n\n{"n":1}\0',
    ]);
    expect(b.socket.sent[0]!.replace('subscription:x\\cy', 'subscription:sub-a')).toBe(a.socket.sent[0]);
  });

  it('sends a subscriber every message of several destinations in one WebSocket message, one frame each, in order', () => {
    const { broadcaster, host } = setup();
    const both = connectedSession(host, 'a', 'sub-a', ['/d', '/e']);
    const same = connectedSession(host, 'b', 'sub-a', ['/d', '/e']);
    const onlyE = connectedSession(host, 'c', 'sub-c', ['/e']);
    const encode = vi.spyOn(broadcaster as unknown as { encode: () => unknown }, 'encode');
    broadcaster.publishTogether([
      { destination: '/d', jsons: ['{"n":1}', '{"n":2}'] },
      { destination: '/e', jsons: ['{"n":3}'] },
    ]);
    broadcaster.publish('/d', '{"n":4}');
    expect(encode).toHaveBeenCalledTimes(4);
    const frame = (id: number, destination: string, sub: string) =>
      `MESSAGE\ndestination:${destination}\nmessage-id:${id}\ncontent-type:application/json\ncontent-length:7\nsubscription:${sub}\n\n{"n":${id}}\0`;
    expect(both.socket.sent).toEqual([
      frame(1, '/d', 'sub-a') + frame(2, '/d', 'sub-a') + frame(3, '/e', 'sub-a1'),
      frame(4, '/d', 'sub-a'),
    ]);
    expect(same.socket.sent).toEqual(both.socket.sent);
    expect(onlyE.socket.sent).toEqual([frame(3, '/e', 'sub-c')]);
  });

  it('sends to whoever subscribes at the time of each send, though it keeps its audiences between sends', () => {
    const { broadcaster, host } = setup();
    const early = connectedSession(host, 'a', 'sub-a', ['/d', '/e']);
    broadcaster.publishTogether([
      { destination: '/d', jsons: ['{"n":1}'] },
      { destination: '/e', jsons: ['{"n":2}'] },
    ]);
    const late = connectedSession(host, 'b', 'sub-b', ['/e']);
    broadcaster.publishTogether([
      { destination: '/d', jsons: ['{"n":3}'] },
      { destination: '/e', jsons: ['{"n":4}'] },
    ]);
    early.socket.receive('UNSUBSCRIBE\nid:sub-a1\n\n\0');
    broadcaster.publishTogether([
      { destination: '/d', jsons: ['{"n":5}'] },
      { destination: '/e', jsons: ['{"n":6}'] },
    ]);
    const ids = (sent: string[]) => sent.map((frames) => [...frames.matchAll(/"n":(\d)/g)].map(([, n]) => Number(n)));
    expect(ids(early.socket.sent)).toEqual([[1, 2], [3, 4], [5]]);
    expect(ids(late.socket.sent)).toEqual([[4], [6]]);
  });

  it('drops a slow subscriber whose buffer passes the bound and keeps serving the others', () => {
    const { broadcaster, host, dropped } = setup();
    const slow = connectedSession(host, 'slow', '0');
    const fast = connectedSession(host, 'fast', '0');
    slow.socket.bufferedAmount = 5000;
    broadcaster.publish('/d', '{"n":1}');
    broadcaster.publish('/d', '{"n":2}');
    expect(slow.socket.terminated).toBe(true);
    expect(slow.socket.sent).toHaveLength(0);
    expect(dropped).toEqual(['slow']);
    expect(fast.socket.sent).toHaveLength(2);
  });

  it('sends the retained message to a new subscriber right after its receipt', () => {
    const { broadcaster, host } = setup();
    broadcaster.publish('/d', '{"online":3}');
    const socket = new FakeSocket();
    new StompSession(socket as unknown as WebSocket, host, 's', () => null);
    socket.receive('CONNECT\naccept-version:1.2\n\n\0SUBSCRIBE\nid:0\ndestination:/d\nreceipt:r1\n\n\0');
    expect(socket.sent.map((frame) => frame.split('\n')[0])).toEqual(['CONNECTED', 'RECEIPT', 'MESSAGE']);
    expect(socket.sent[2]).toContain('{"online":3}');
  });
});
