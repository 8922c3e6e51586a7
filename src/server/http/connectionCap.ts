/**
 * At most `perAddress` HTTP connections open at once from one address (an IPv6 /64 counts as one),
 * as a proxy's connection limit would hold them: a flood from one address then queues at most that
 * many requests ahead of everybody else's (docs/reliability.md "Public reads"). A connection over
 * the cap is closed as it is accepted, before a byte of it is parsed, so refusing it costs the
 * event loop next to nothing. A socket that upgrades to WebSocket leaves the count: the STOMP
 * server caps those per network (STOMP_MAX_PER_ADDRESS). Connections from a trusted proxy are
 * not counted: behind one, the proxy must cap its clients' connections.
 */

import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { addressKey, type TrustProxy } from '../clientAddress';

export function capConnections(server: Server, perAddress: number, trust: TrustProxy): void {
  const open = new Map<string, number>();
  const counted = new WeakMap<Duplex, string>();
  const release = (socket: Duplex) => {
    const key = counted.get(socket);
    if (key === undefined) return;
    counted.delete(socket);
    const left = open.get(key)! - 1;
    if (left === 0) open.delete(key);
    else open.set(key, left);
  };
  // Ahead of the HTTP server's own listener, so a refused socket is gone before a parser reads it.
  server.prependListener('connection', (socket) => {
    const ip = socket.remoteAddress;
    if (ip === undefined || trust(ip, 0)) return;
    const key = addressKey(ip);
    const already = open.get(key) ?? 0;
    if (already >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, already + 1);
    counted.set(socket, key);
    socket.once('close', () => release(socket));
  });
  server.on('upgrade', (_request, socket: Duplex) => release(socket));
}
