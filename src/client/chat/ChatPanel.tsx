/**
 * The chat (docs/chat.md "In the page"): a column beside the game on a desktop; on a phone a sheet
 * from the bottom that starts below the stage, so the multiplier stays in view.
 */

import { useAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { CHAT_ROOMS, type ChatRoom } from '../../shared/wire/chat';
import { LANGUAGE_NAMES } from '../i18n/languages';
import { useT } from '../i18n/i18n';
import { Button, Toggle } from '../pixel';
import { chatMentionSoundAtom, chatRoomAtom } from './chatAtoms';
import { closeChat, openChat, switchRoom } from './chatFeed';
import { Composer } from './Composer';
import { IgnoredList } from './IgnoredList';
import { MessageList } from './MessageList';
import './chat.css';

const PHONE = '(max-width: 899px)';
/** The sheet never starts lower than this share of the screen, so it keeps room for a few messages. */
const LOWEST_TOP = 0.6;

/** On a phone: the page scrolled to the top and the sheet's top set just below the stage. */
function useBelowStage(panel: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const place = () => {
      const element = panel.current;
      if (!element || !window.matchMedia(PHONE).matches) return;
      const stage = document.querySelector('.stage-slot')?.getBoundingClientRect();
      const top = Math.min((stage?.bottom ?? 0) + 4, window.innerHeight * LOWEST_TOP);
      element.style.setProperty('--chat-top', `${Math.round(top)}px`);
    };
    if (window.matchMedia(PHONE).matches) window.scrollTo(0, 0);
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [panel]);
}

export default function ChatPanel({ onClose }: { onClose(): void }) {
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  const [room] = useAtom(chatRoomAtom);
  const [sound, setSound] = useAtom(chatMentionSoundAtom);
  useEffect(() => {
    openChat();
    return closeChat;
  }, []);
  useBelowStage(panel);
  return (
    <aside className="chat-panel" ref={panel} aria-label={t('chat.title')}>
      <header className="chat-head">
        <select
          className="chat-room"
          aria-label={t('chat.room')}
          value={room}
          onChange={(event) => switchRoom(event.target.value as ChatRoom)}
        >
          {CHAT_ROOMS.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        <Toggle checked={sound} onChange={setSound} label={t('chat.mentionSound')} />
        <Button className="chat-close" color="gray" onClick={onClose} aria-label={t('chat.close')}>
          ×
        </Button>
      </header>
      <IgnoredList />
      <MessageList />
      <Composer />
    </aside>
  );
}
