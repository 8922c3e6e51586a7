/** One message: time, nickname, the text as text (mentions marked) or a shared bet, and its actions. */

import { useState } from 'react';
import type { ChatMessage } from '../../shared/wire/chat';
import { formatTime } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { MessageActions } from './MessageActions';
import { ShareCard } from './ShareCard';
import { isMentionOf, splitMentions } from './mentions';

export function MessageRow({ message, me }: { message: ChatMessage; me: string | null }) {
  const t = useT();
  const [actions, setActions] = useState(false);
  const own = message.nickname === me;
  return (
    <li className={own ? 'chat-message chat-own' : 'chat-message'} data-id={message.id}>
      <time className="chat-time" dateTime={new Date(message.at).toISOString()}>
        {formatTime(message.at)}
      </time>
      <button
        type="button"
        className="chat-nick"
        aria-expanded={actions}
        aria-label={t('chat.actions', { nickname: message.nickname })}
        onClick={() => setActions(!actions)}
      >
        {message.nickname}
      </button>
      {message.share ? (
        <ShareCard share={message.share} />
      ) : (
        <span className="chat-text">
          {splitMentions(message.text).map((part, index) =>
            part.mention ? (
              <mark
                key={index}
                className={me !== null && isMentionOf(part.text, me) ? 'chat-mention chat-mention-me' : 'chat-mention'}
              >
                {part.text}
              </mark>
            ) : (
              part.text
            ),
          )}
        </span>
      )}
      {actions && !own && <MessageActions message={message} onDone={() => setActions(false)} />}
    </li>
  );
}
