import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { call } from './client';

const TOKEN = 'operator-token-operator-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw TCP client to the server that writes `parts` one every `everyMs` until the server closes it. */
async function trickle(
  t: TestServer,
  parts: string[],
  everyMs: number,
): Promise<{ closedAfterMs: number; answer: string }> {
  const { port } = new URL(t.api);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = Date.now();
  let open = true;
  void closed.then(() => (open = false));
  for (const part of parts) {
    if (!open) break;
    socket.write(part);
    await sleep(everyMs);
  }
  await Promise.race([closed, sleep(10_000)]);
  socket.destroy();
  return { closedAfterMs: Date.now() - started, answer };
}

describe('HTTP timeouts', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1500' });
  });
  afterAll(() => t.close());

  const slowly = (text: string) => text.split('');

  it('drops a client whose headers trickle in (slowloris)', async () => {
    const headers = slowly(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\n${'X-Slow: y\r\n'.repeat(20)}\r\n`);
    const { closedAfterMs } = await trickle(t, headers, 100);
    expect(closedAfterMs).toBeLessThan(4000);
  });

  it('drops a WebSocket upgrade whose headers trickle in', async () => {
    const upgrade = slowly(
      'GET /api/v1/ws/init HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${'X-Slow: y\r\n'.repeat(10)}\r\n`,
    );
    const { closedAfterMs, answer } = await trickle(t, upgrade, 100);
    expect(closedAfterMs).toBeLessThan(4000);
    expect(answer).not.toContain('101');
  });

  it('drops a client whose body trickles in, with 408', async () => {
    const head =
      'POST /api/v1/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const { closedAfterMs, answer } = await trickle(t, [head, ...slowly('{"email":"a@b.co"'.padEnd(200, ' '))], 100);
    expect(closedAfterMs).toBeLessThan(5000);
    expect(answer).toContain('408');
  });

  it('still serves a client that sends at a normal pace', async () => {
    expect((await call(t.api, 'GET', '/health')).status).toBe(200);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('answers the operator on this machine, not a request a local proxy forwarded', async () => {
    const local = await fetch(`${t.api}/metrics`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('moonrush_stomp_sessions');
    const forwarded = await fetch(`${t.api}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('answers only the bearer of the token', async () => {
    expect((await fetch(`${t.api}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.api}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${t.api}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('moonrush_stomp_sessions');
  });
});

describe('connections per address (HTTP_MAX_PER_ADDRESS)', () => {
  let t: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startServer({ HTTP_MAX_PER_ADDRESS: '2' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.close();
  });

  /** Opens a keep-alive connection, sends GET /health and resolves with the answer's first bytes, or '' if the server closes it unanswered. */
  const healthOn = (): Promise<string> => {
    const socket = connect(Number(new URL(t.api).port), '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    return new Promise((resolve) => {
      socket.once('data', (chunk) => resolve(chunk.toString()));
      socket.once('close', () => resolve(''));
    });
  };

  it('answers a connection over the cap 503 with Retry-After and closes it, and lets one in when another closes', async () => {
    expect(await healthOn()).toContain('200 OK');
    expect(await healthOn()).toContain('200 OK');
    const over = await healthOn();
    expect(over).toMatch(/^HTTP\/1\.1 503 /);
    expect(over).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(over).toMatch(/\r\nconnection: close\r\n/i);
    expect(over).toContain('Too many connections from your address');
    const closed = new Promise((resolve) => sockets[0]!.once('close', resolve));
    sockets[0]!.destroy();
    await closed;
    await expect.poll(healthOn, { timeout: 5000 }).toContain('200 OK');
  });

  it('does not count a socket that upgraded to WebSocket', async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    // The server sees those close a moment later: until then the upgrade itself is over the cap.
    const openSocket = () =>
      new Promise<WebSocket | null>((resolve) => {
        const ws = new WebSocket(t.ws, ['v12.stomp']);
        ws.once('open', () => resolve(ws));
        ws.once('error', () => resolve(null));
      });
    let ws: WebSocket | null = null;
    await expect.poll(async () => (ws = await openSocket()), { timeout: 5000 }).not.toBeNull();
    expect(await healthOn()).toContain('200 OK');
    expect(await healthOn()).toContain('200 OK');
    expect(await healthOn()).toMatch(/^HTTP\/1\.1 503 /);
    ws!.close();
  });
});
