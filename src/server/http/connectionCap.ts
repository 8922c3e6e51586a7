/**
 * At most `perAddress` HTTP connections open at once from one address (an IPv6 /64 counts as one):
 * a bound on the process's sockets that one address may hold, sized for the crowd of a carrier's NAT
 * (HTTP_MAX_PER_ADDRESS; docs/operations.md "Admission"). A connection over the cap is not closed
 * unanswered: it is marked, and its first request is answered 503 with Retry-After and
 * `Connection: close` before any other work (capacity.ts). A socket that upgrades to WebSocket
 * leaves the count: the STOMP server counts those. Connections from a trusted proxy are not
 * counted: behind one, the proxy must cap its clients' connections.
 */

import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { addressKey, type TrustProxy } from '../clientAddress';

/** Counts connections per address; the function tells whether a socket came over the cap. */
export function capConnections(server: Server, perAddress: number, trust: TrustProxy): (socket: Duplex) => boolean {
  const open = new Map<string, number>();
  const counted = new WeakMap<Duplex, string>();
  const over = new WeakSet<Duplex>();
  const release = (socket: Duplex) => {
    const key = counted.get(socket);
    if (key === undefined) return;
    counted.delete(socket);
    const left = open.get(key)! - 1;
    if (left === 0) open.delete(key);
    else open.set(key, left);
  };
  server.prependListener('connection', (socket: Duplex & { remoteAddress?: string }) => {
    const ip = socket.remoteAddress;
    if (ip === undefined || trust(ip, 0)) return;
    const key = addressKey(ip);
    const already = open.get(key) ?? 0;
    if (already >= perAddress) {
      over.add(socket);
      return;
    }
    open.set(key, already + 1);
    counted.set(socket, key);
    socket.once('close', () => release(socket));
  });
  server.on('upgrade', (_request, socket: Duplex) => release(socket));
  return (socket) => over.has(socket);
}
