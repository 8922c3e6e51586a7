/** Test clients for the STOMP endpoint: @stomp/stompjs as the browser uses it, and a raw socket. */

import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import type { GameEvent } from '../../src/shared/protocol';

/** Resolves once `check` returns true, polling every 10 ms, or fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface StompTestClient {
  client: Client;
  /** Bodies received on each subscribed destination, parsed. */
  received: Map<string, unknown[]>;
  close(): Promise<void>;
}

/** Connects @stomp/stompjs over `ws` with the client settings of docs/spec.md §7 and subscribes. */
export async function connectStomp(
  url: string,
  destinations: string[],
  heartbeatMs = 10_000,
  /** CONNECT headers, such as an `authorization` token. */
  connectHeaders: Record<string, string> = {},
): Promise<StompTestClient> {
  const received = new Map<string, unknown[]>(destinations.map((d) => [d, []]));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    heartbeatIncoming: heartbeatMs,
    heartbeatOutgoing: heartbeatMs,
    reconnectDelay: 0,
    maxWebSocketChunkSize: 8192,
    connectHeaders,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      for (const destination of destinations) {
        client.subscribe(destination, (message: IMessage) => received.get(destination)?.push(JSON.parse(message.body)));
      }
      resolve();
    };
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketError = () => reject(new Error('websocket error'));
    client.activate();
  });
  return { client, received, close: () => client.deactivate() };
}

/** The game events a client has received so far. */
export function gameEvents(client: StompTestClient, destination: string): GameEvent[] {
  return (client.received.get(destination) ?? []) as GameEvent[];
}

/** A bare WebSocket that records every message as text, for frame-level tests. */
export interface RawClient {
  ws: WebSocket;
  messages: string[];
  /** All text received so far, joined. */
  text(): string;
  closed: Promise<number>;
}

export async function openRaw(
  url: string,
  protocols: string[] = ['v12.stomp'],
  headers: Record<string, string> = {},
): Promise<RawClient> {
  const ws = new WebSocket(url, protocols, { headers });
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(data.toString()));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages, text: () => messages.join(''), closed };
}
