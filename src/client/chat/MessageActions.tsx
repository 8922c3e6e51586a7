/** What a player can do about another's message: ignore its sender on this device, or report it to the operators. */

import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { ChatMessage } from '../../shared/wire/chat';
import { ApiError } from '../net/api';
import { useT } from '../i18n/i18n';
import { chatIgnoredAtom } from './chatAtoms';
import { reportMessage } from './chatFeed';

const REASONS = ['spam', 'abuse', 'scam'] as const;
const REASON_KEYS = { spam: 'chat.reportSpam', abuse: 'chat.reportAbuse', scam: 'chat.reportScam' } as const;

export function MessageActions({ message, onDone }: { message: ChatMessage; onDone(): void }) {
  const t = useT();
  const setIgnored = useSetAtom(chatIgnoredAtom);
  const [note, setNote] = useState<string | null>(null);
  const report = (reason: string) =>
    reportMessage(message.id, reason).then(
      () => setNote(t('chat.reported')),
      (error: unknown) => setNote(error instanceof ApiError ? error.message : t('wallet.errorOccurred')),
    );
  if (note)
    return (
      <p className="chat-actions" role="status">
        {note}
      </p>
    );
  return (
    <div className="chat-actions">
      <button
        type="button"
        onClick={() => {
          setIgnored((ignored) => [...new Set([...ignored, message.nickname])]);
          onDone();
        }}
      >
        {t('chat.ignore', { nickname: message.nickname })}
      </button>
      <span>{t('chat.report')}:</span>
      {REASONS.map((reason) => (
        <button key={reason} type="button" onClick={() => void report(reason)}>
          {t(REASON_KEYS[reason])}
        </button>
      ))}
    </div>
  );
}
