/**
 * The chat's I/O (docs/chat.md "In the page"): the room's STOMP subscription, made again on every
 * connect, the history on opening and after every reconnect (merged with what came live), older
 * pages, writing, sharing a bet and reporting.
 */

import type { Client, StompSubscription } from '@stomp/stompjs';
import { CHAT_PAGE, chatDestination, chatEvent, type ChatMessage, type ChatRoom } from '../../shared/wire/chat';
import { api } from '../net/api';
import { decode } from '../net/decode';
import { whenConnected } from '../net/stompConnections';
import { profileAtom } from '../state/profileAtom';
import { store } from '../state/store';
import { chatHasOlderAtom, chatMessagesAtom, chatRoomAtom } from './chatAtoms';
import { mentions, pingMention } from './mentions';

/** Adds messages of the room shown, keeps them in id order and drops repeats. */
function merge(incoming: readonly ChatMessage[]): void {
  const room = store.get(chatRoomAtom);
  const byId = new Map(store.get(chatMessagesAtom).map((message) => [message.id, message]));
  for (const message of incoming) if (message.room === room) byId.set(message.id, message);
  store.set(
    chatMessagesAtom,
    [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id)),
  );
}

function remove(id: string): void {
  store.set(
    chatMessagesAtom,
    store.get(chatMessagesAtom).filter((message) => message.id !== id),
  );
}

function receive(body: string): void {
  const event = decode(chatEvent, body);
  if (!event) return;
  if (event.eventType === 'CHAT_DELETED') return remove(event.data.id);
  merge([event.data]);
  const nickname = store.get(profileAtom)?.nickname;
  if (nickname && event.data.nickname !== nickname && mentions(event.data.text, nickname)) pingMention();
}

/**
 * The newest page of the room shown, in place of what was shown (a message deleted while the socket
 * was down goes too); what came live since the subscription is kept.
 */
async function loadLatest(): Promise<void> {
  const room = store.get(chatRoomAtom);
  const page = await api.get('/chat/:room/messages', { params: { room }, query: { limit: CHAT_PAGE } });
  if (store.get(chatRoomAtom) !== room) return;
  const newest = Number(page.at(-1)?.id ?? 0);
  const live = store.get(chatMessagesAtom).filter((message) => Number(message.id) > newest);
  store.set(chatMessagesAtom, []);
  merge([...page, ...live]);
  store.set(chatHasOlderAtom, page.length === CHAT_PAGE);
}

/** The page before the oldest message shown; false when there is none. */
export async function loadOlder(): Promise<boolean> {
  const room = store.get(chatRoomAtom);
  const oldest = store.get(chatMessagesAtom)[0];
  if (!oldest || !store.get(chatHasOlderAtom)) return false;
  const page = await api.get('/chat/:room/messages', {
    params: { room },
    query: { limit: CHAT_PAGE, before: oldest.id },
  });
  if (store.get(chatRoomAtom) !== room) return false;
  if (page.length < CHAT_PAGE) store.set(chatHasOlderAtom, false);
  merge(page);
  return page.length > 0;
}

let subscription: { client: Client; stomp: StompSubscription } | null = null;
let stopListening: (() => void) | null = null;

/** Subscribes to the room shown on this connect and every later one, and loads its history each time. */
export function openChat(): void {
  stopListening ??= whenConnected((client) => {
    const stomp = client.subscribe(chatDestination(store.get(chatRoomAtom)), (message) => receive(message.body));
    subscription = { client, stomp };
    void loadLatest().catch(() => {});
  });
}

/** Leaves the room: no subscription while the chat is closed (a lost connection took it already). */
export function closeChat(): void {
  stopListening?.();
  stopListening = null;
  if (subscription?.client.connected) subscription.stomp.unsubscribe();
  subscription = null;
}

/** Shows another room: its history and its live messages. */
export function switchRoom(room: ChatRoom): void {
  closeChat();
  store.set(chatRoomAtom, room);
  store.set(chatMessagesAtom, []);
  store.set(chatHasOlderAtom, true);
  openChat();
}

/** Sends a text or shares a bet; the stored message shows at once (a shadow-muted player's reaches no one else). */
export async function sendMessage(body: { text: string } | { shareBetId: string }): Promise<void> {
  const room = store.get(chatRoomAtom);
  merge([await api.post('/chat/:room/messages', body, { params: { room } })]);
}

export async function reportMessage(id: string, reason: string): Promise<void> {
  await api.post('/chat/messages/:id/report', { reason }, { params: { id } });
}

/** The player's recent settled bets, the ones they may share. */
export async function shareableBets() {
  const { betHistory } = await api.get('/bet/history');
  return betHistory.filter((bet) => bet.status === 'REFUNDED' || (bet.status === 'CREATED' && bet.gameRate !== null));
}
