/** Owns the STOMP client (spec §7): heart-beats, reconnects, and subscriptions made on every connect. */

import { Client } from '@stomp/stompjs';
import { HEARTBEAT_MS, MAX_CHUNK_BYTES, RECONNECT_DELAY_MS, WS_PATH } from '../../shared/constants';
import { DESTINATIONS } from '../../shared/protocol';
import { connectionAtom } from '../state/connectionAtom';
import type { store as appStore } from '../state/store';
import { applyGameEvent, decodeGameEvent } from './events';

type Store = typeof appStore;

/** ws(s)://host/api/v1/ws/init for the page's own origin. */
export function brokerUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}

/**
 * A STOMP client feeding the store. Subscribing inside onConnect re-subscribes after every
 * reconnect; the server sends the current round right after a subscription, so nothing is missed.
 */
export function createStompClient(store: Store, url: string): Client {
  const client = new Client({
    brokerURL: url,
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    reconnectDelay: RECONNECT_DELAY_MS,
    maxWebSocketChunkSize: MAX_CHUNK_BYTES,
    splitLargeFrames: true,
  });
  client.onConnect = () => {
    store.set(connectionAtom, 'open');
    client.subscribe(DESTINATIONS.game, (message) => {
      const event = decodeGameEvent(message.body);
      if (event) applyGameEvent(store, event);
    });
  };
  client.onWebSocketClose = () => store.set(connectionAtom, 'closed');
  client.onStompError = () => store.set(connectionAtom, 'closed');
  return client;
}
