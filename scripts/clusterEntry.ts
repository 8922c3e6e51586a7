/**
 * The local cluster's entry: a round-robin TCP proxy over the gateways that answer /ready, the
 * smallest stand-in for a real load balancer. Any gateway serves any player (no sticky sessions),
 * and a WebSocket passes through as the bytes it is; a player whose gateway dies reconnects here.
 */

import { connect, createServer, type Server } from 'node:net';

const HEALTH_EVERY_MS = 1000;

export function startEntry(port: number, gateways: number[]): Server {
  const up = new Set(gateways);
  let next = 0;
  const check = setInterval(() => {
    for (const gateway of gateways)
      fetch(`http://127.0.0.1:${gateway}/api/v1/ready`, { signal: AbortSignal.timeout(HEALTH_EVERY_MS) }).then(
        (res) => (res.ok ? up.add(gateway) : up.delete(gateway)),
        () => up.delete(gateway),
      );
  }, HEALTH_EVERY_MS);
  check.unref();
  const server = createServer((client) => {
    const live = gateways.filter((gateway) => up.has(gateway));
    if (live.length === 0) {
      client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(live[next++ % live.length]!, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(port, '127.0.0.1');
  return server;
}
