/** The chat's state: the room shown, its messages (oldest first), whether older ones remain, and the device's choices. */

import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { CHAT_ROOMS, type ChatMessage, type ChatRoom } from '../../shared/wire/chat';
import { currentLanguage } from '../i18n/i18n';

const isRoom = (value: string): value is ChatRoom => (CHAT_ROOMS as readonly string[]).includes(value);

/** The room shown: the page's language at first. */
export const chatRoomAtom = atom<ChatRoom>(isRoom(currentLanguage()) ? currentLanguage() : 'en');

/** The room's messages, oldest first, without duplicates. */
export const chatMessagesAtom = atom<ChatMessage[]>([]);

/** False once a page of history came back short: nothing older is left. */
export const chatHasOlderAtom = atom(true);

/** Nicknames this device hides (kept in localStorage, never sent). */
export const chatIgnoredAtom = atomWithStorage<string[]>('chatIgnored', [], undefined, { getOnInit: true });

/** Whether a message that mentions the player plays a sound (kept in localStorage). */
export const chatMentionSoundAtom = atomWithStorage('chatMentionSound', true, undefined, { getOnInit: true });
