/**
 * Owns the STOMP client (docs/spec.md §7): heart-beats, reconnects, subscriptions made on every connect,
 * and a round-trip probe for the latency figure. It decodes what arrives and hands it to its `Feed`
 * (game/connect.ts): this file knows no atom.
 */

import { Client } from '@stomp/stompjs';
import { HEARTBEAT_MS, MAX_CHUNK_BYTES, RECONNECT_DELAY_MS } from '../../shared/constants';
import { MAINTENANCE_DESTINATION } from '../../shared/ops';
import type { BetEvent, GameEvent } from '../../shared/protocol';
import { DESTINATIONS } from '../../shared/protocol';
import { decodeBetEvent, decodeOnline } from './betEvents';
import { decodeGameEvent } from './events';
import { decodeMaintenance } from './maintenance';
import { announceConnect } from './stompConnections';

/** The line's state as the page shows it: refused means the server is busy. */
type LineState = 'open' | 'closed' | 'busy';

/** Where the client hands what it learns: decoded bodies, the line's state, the round trip. */
interface Feed {
  /** The access token for the next CONNECT, or null when signed out. */
  token(): string | null;
  /** Every (re)connect, after the subscriptions are made; `reconnected` from the second on. */
  connected(reconnected: boolean): void;
  line(state: LineState): void;
  latency(ms: number | null): void;
  gameEvent(event: GameEvent): void;
  betEvent(event: BetEvent): void;
  online(count: number): void;
  maintenance(reason: string | null): void;
}

/** How often the round trip is measured. */
const LATENCY_PROBE_MS = 5000;
/** An UNSUBSCRIBE of an id never used: the server only answers its receipt. */
const PROBE_ID = 'latency-probe';

/**
 * A STOMP client handing what arrives to `feed`. Subscribing inside onConnect re-subscribes after
 * every reconnect; the server sends the current round right after a subscription, so nothing is missed.
 */
export function createStompClient(url: string, feed: Feed): Client {
  const client = new Client({
    brokerURL: url,
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    reconnectDelay: RECONNECT_DELAY_MS,
    maxWebSocketChunkSize: MAX_CHUNK_BYTES,
    splitLargeFrames: true,
  });
  // A signed-in player's access token on every CONNECT: the server keeps some places for players.
  client.beforeConnect = () => {
    const token = feed.token();
    client.connectHeaders = token ? { authorization: `Bearer ${token}` } : {};
  };
  let probe: ReturnType<typeof setInterval> | undefined;
  let probes = 0;
  let connects = 0;
  const measure = () => {
    const receipt = `latency-${++probes}`;
    const sent = performance.now();
    client.watchForReceipt(receipt, () => feed.latency(Math.round(performance.now() - sent)));
    client.unsubscribe(PROBE_ID, { receipt });
  };
  client.onConnect = () => {
    feed.line('open');
    client.subscribe(DESTINATIONS.game, (message) => {
      const event = decodeGameEvent(message.body);
      if (event) feed.gameEvent(event);
    });
    client.subscribe(DESTINATIONS.bets, (message) => {
      const event = decodeBetEvent(message.body);
      if (event) feed.betEvent(event);
    });
    client.subscribe(DESTINATIONS.online, (message) => {
      const online = decodeOnline(message.body);
      if (online !== null) feed.online(online);
    });
    client.subscribe(MAINTENANCE_DESTINATION, (message) => {
      const reason = decodeMaintenance(message.body);
      if (reason !== undefined) feed.maintenance(reason);
    });
    feed.connected(++connects > 1);
    announceConnect(client);
    measure();
    clearInterval(probe);
    probe = setInterval(measure, LATENCY_PROBE_MS);
  };
  // A refusal (ERROR naming a limit, then the close) says the server is busy; the client tries again.
  let refused = false;
  const down = () => {
    clearInterval(probe);
    feed.line(refused ? 'busy' : 'closed');
    feed.latency(null);
  };
  client.onWebSocketClose = () => {
    down();
    refused = false;
  };
  client.onStompError = (frame) => {
    refused = (frame.headers.message ?? '').startsWith('Too many connections');
    down();
  };
  return client;
}
