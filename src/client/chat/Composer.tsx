/**
 * Writing: a text of at most CHAT_MAX_CHARS, or one of the player's settled bets to share. The
 * server decides (who may write, how fast, what a text may say) and its reason is shown as it says it.
 */

import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { CHAT_MAX_CHARS, chatLength } from '../../shared/wire/chat';
import type { BetWithRound } from '../../shared/protocol';
import { ApiError } from '../net/api';
import { openModalAtom } from '../state/modalAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { Button } from '../pixel';
import { formatCoins, formatRate } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { sendMessage, shareableBets } from './chatFeed';

export function Composer() {
  const t = useT();
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const openModal = useSetAtom(openModalAtom);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [bets, setBets] = useState<BetWithRound[] | null>(null);

  if (!signedIn)
    return (
      <div className="chat-compose">
        <Button color="purple" onClick={() => openModal('profile')}>
          {t('chat.signIn')}
        </Button>
      </div>
    );

  const send = async (body: { text: string } | { shareBetId: string }) => {
    setSending(true);
    setError(null);
    try {
      await sendMessage(body);
      if ('text' in body) setText('');
      setBets(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('wallet.errorOccurred'));
    } finally {
      setSending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') void send({ text });
  };
  const pickBet = () => {
    if (bets) return setBets(null);
    shareableBets().then(setBets, (failure: unknown) =>
      setError(failure instanceof ApiError ? failure.message : t('wallet.errorOccurred')),
    );
  };
  const length = chatLength(text);
  return (
    <form className="chat-compose" onSubmit={submit}>
      {bets && (
        <ul className="chat-bets" aria-label={t('chat.shareTitle')}>
          {bets.length === 0 && <li>{t('chat.shareNone')}</li>}
          {bets.slice(0, 10).map((bet) => (
            <li key={bet.betId}>
              <button type="button" onClick={() => void send({ shareBetId: bet.betId })}>
                {t('common.round', { id: bet.gameId })}: {formatCoins(bet.amount)}{' '}
                {bet.rate !== null && bet.winAmount !== null
                  ? `${formatRate(bet.rate)} → ${formatCoins(bet.winAmount)}`
                  : t('bets.lost')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      <div className="chat-compose-row">
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          maxLength={CHAT_MAX_CHARS * 2}
          aria-invalid={length > CHAT_MAX_CHARS}
        />
        <Button type="submit" color="green" loading={sending} disabled={length > CHAT_MAX_CHARS}>
          {t('chat.send')}
        </Button>
      </div>
      <div className="chat-compose-row">
        <button type="button" className="chat-share-pick" aria-expanded={bets !== null} onClick={pickBet}>
          {t('chat.share')}
        </button>
        <span className={length > CHAT_MAX_CHARS ? 'chat-count chat-count-over' : 'chat-count'}>
          {t('chat.count', { length, max: CHAT_MAX_CHARS })}
        </span>
      </div>
    </form>
  );
}
