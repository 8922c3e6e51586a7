/** Lets code loaded later (the chat) subscribe on every STOMP connect, as stomp.ts does for the game's topics. */

import type { Client } from '@stomp/stompjs';

type Listener = (client: Client) => void;

const listeners = new Set<Listener>();
let connected: Client | null = null;

/** Called by stomp.ts on every connect. */
export function announceConnect(client: Client): void {
  connected = client;
  for (const listener of listeners) listener(client);
}

/** Runs `listener` on every connect from now on, and at once when connected; returns its removal. */
export function whenConnected(listener: Listener): () => void {
  listeners.add(listener);
  if (connected?.connected) listener(connected);
  return () => listeners.delete(listener);
}
