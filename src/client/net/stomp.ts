/**
 * Owns the STOMP client (docs/spec.md §7): heart-beats, reconnects, subscriptions made on every connect,
 * and a round-trip probe for the latency figure.
 */

import { Client } from '@stomp/stompjs';
import { HEARTBEAT_MS, MAX_CHUNK_BYTES, RECONNECT_DELAY_MS } from '../../shared/constants';
import { MAINTENANCE_DESTINATION } from '../../shared/ops';
import { DESTINATIONS } from '../../shared/protocol';
import { connectionAtom } from '../state/connectionAtom';
import { latencyAtom } from '../state/latencyAtom';
import { maintenanceAtom } from '../state/maintenanceAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { applyOnline } from '../round/betList';
import { decodeBetEvent, decodeOnline } from './betEvents';
import { decodeGameEvent } from './events';
import { loadRound, receiveBetEvent, receiveGameEvent } from './feed';
import { decodeMaintenance } from './maintenance';
import { announceConnect } from './stompConnections';

/** How often the round trip is measured. */
const LATENCY_PROBE_MS = 5000;
/** An UNSUBSCRIBE of an id never used: the server only answers its receipt. */
const PROBE_ID = 'latency-probe';

/**
 * A STOMP client feeding the store. Subscribing inside onConnect re-subscribes after every
 * reconnect; the server sends the current round right after a subscription, so nothing is missed.
 */
export function createStompClient(url: string): Client {
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
    const token = store.get(accessTokenAtom);
    client.connectHeaders = token ? { authorization: `Bearer ${token}` } : {};
  };
  let probe: ReturnType<typeof setInterval> | undefined;
  let probes = 0;
  let connects = 0;
  const measure = () => {
    const receipt = `latency-${++probes}`;
    const sent = performance.now();
    client.watchForReceipt(receipt, () => store.set(latencyAtom, Math.round(performance.now() - sent)));
    client.unsubscribe(PROBE_ID, { receipt });
  };
  client.onConnect = () => {
    store.set(connectionAtom, 'open');
    client.subscribe(DESTINATIONS.game, (message) => {
      const event = decodeGameEvent(message.body);
      if (event) receiveGameEvent(event);
    });
    client.subscribe(DESTINATIONS.bets, (message) => {
      const event = decodeBetEvent(message.body);
      if (event) receiveBetEvent(event);
    });
    client.subscribe(DESTINATIONS.online, (message) => {
      const online = decodeOnline(message.body);
      if (online !== null) applyOnline(online);
    });
    client.subscribe(MAINTENANCE_DESTINATION, (message) => {
      const reason = decodeMaintenance(message.body);
      if (reason !== undefined) store.set(maintenanceAtom, reason);
    });
    void loadRound(++connects > 1);
    announceConnect(client);
    measure();
    clearInterval(probe);
    probe = setInterval(measure, LATENCY_PROBE_MS);
  };
  // A refusal (ERROR naming a limit, then the close) says the server is busy; the client tries again.
  let refused = false;
  const down = () => {
    clearInterval(probe);
    store.set(connectionAtom, refused ? 'busy' : 'closed');
    store.set(latencyAtom, null);
  };
  client.onWebSocketClose = () => {
    down();
    refused = false;
  };
  client.onStompError = (frame) => {
    refused = (frame.headers.message ?? '').startsWith('Too many connections');
    down();
  };
  // Signed in: connect again with the token, so the socket counts on the player's account, not
  // among the visitors of the address (a carrier's NAT holds many), and may take a player's place.
  store.sub(accessTokenAtom, () => {
    const signedIn = store.get(accessTokenAtom) !== null;
    if (signedIn && client.connected && client.connectHeaders.authorization === undefined)
      void client.deactivate().then(() => client.activate());
  });
  return client;
}
