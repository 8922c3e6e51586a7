/** The room's messages, newest at the bottom: follows new ones while at the bottom, loads older ones at the top. */

import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { profileAtom } from '../state/profileAtom';
import { useT } from '../i18n/i18n';
import { chatHasOlderAtom, chatIgnoredAtom, chatMessagesAtom } from './chatAtoms';
import { loadOlder } from './chatFeed';
import { MessageRow } from './MessageRow';

/** Within this many pixels of the bottom, the list follows new messages. */
const AT_BOTTOM_PX = 40;

export function MessageList() {
  const t = useT();
  const messages = useAtomValue(chatMessagesAtom);
  const ignored = useAtomValue(chatIgnoredAtom);
  const hasOlder = useAtomValue(chatHasOlderAtom);
  const me = useAtomValue(profileAtom)?.nickname ?? null;
  const list = useRef<HTMLOListElement>(null);
  const follow = useRef(true);
  /** The height before older messages were put on top, to keep the view where it was. */
  const heightBefore = useRef<number | null>(null);
  const [loading, setLoading] = useState(false);
  const shown = messages.filter((message) => !ignored.includes(message.nickname));
  const newestId = shown.at(-1)?.id;

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (heightBefore.current !== null) {
      element.scrollTop += element.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (follow.current) element.scrollTop = element.scrollHeight;
  }, [shown.length, newestId]);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const onScroll = () => {
      follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
      if (element.scrollTop > 0 || loading || !hasOlder) return;
      heightBefore.current = element.scrollHeight;
      setLoading(true);
      loadOlder()
        .catch(() => false)
        .then((more) => {
          if (!more) heightBefore.current = null;
          setLoading(false);
        });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [loading, hasOlder]);

  return (
    <ol className="chat-messages" ref={list} aria-label={t('chat.messages')} aria-live="polite">
      {loading && <li className="chat-note">{t('chat.older')}</li>}
      {shown.length === 0 && <li className="chat-note">{t('chat.empty')}</li>}
      {shown.map((message) => (
        <MessageRow key={message.id} message={message} me={me} />
      ))}
    </ol>
  );
}
