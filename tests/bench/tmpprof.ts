import { WebSocket } from 'ws';
import { startServer } from '../server/harness';
import { DESTINATIONS } from '../../src/shared/protocol';
const t = await startServer({ BETTING_MS: '100000' });
const socks: WebSocket[] = [];
for (let i = 0; i < 2000; i += 200) {
  await Promise.all(
    Array.from(
      { length: 200 },
      () =>
        new Promise<void>((res) => {
          const ws = new WebSocket(t.ws, ['v12.stomp']);
          socks.push(ws);
          ws.on('open', () =>
            ws.send('CONNECT\naccept-version:1.2\n\n\0SUBSCRIBE\nid:0\ndestination:' + DESTINATIONS.game + '\n\n\0'),
          );
          ws.on('message', (d) => {
            if (d.toString().startsWith('CONNECTED')) res();
          });
        }),
    ),
  );
}
await new Promise((r) => setTimeout(r, 500));
const json = JSON.stringify({
  eventType: 'GAME_RATE',
  data: { gameId: '1', rate: 1.23, elapsedMs: 1234, serverTime: Date.now() },
});
const times: number[] = [];
for (let i = 0; i < 50; i++) {
  const s = performance.now();
  t.server.services.bus.publish(DESTINATIONS.game, json);
  times.push(performance.now() - s);
  await new Promise((r) => setTimeout(r, 100));
}
times.sort((a, b) => a - b);
console.log('publish ms p50', times[25]?.toFixed(2), 'max', times.at(-1)?.toFixed(2));
for (const s of socks) s.terminate();
await t.close();
