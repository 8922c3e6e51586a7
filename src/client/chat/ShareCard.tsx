/** A shared bet, as the server stated it: stake, cash-out and win (or lost), and its round's provably-fair data a click away. */

import { useSetAtom } from 'jotai';
import type { ChatShare } from '../../shared/wire/chat';
import { api } from '../net/api';
import { openFairnessAtom } from '../state/modalAtom';
import { formatCoins, formatRate } from '../i18n/format';
import { useT } from '../i18n/i18n';

export function ShareCard({ share }: { share: ChatShare }) {
  const t = useT();
  const openFairness = useSetAtom(openFairnessAtom);
  const open = async () => {
    const round = await api.get('/game/round/:gameId', { params: { gameId: share.gameId } });
    openFairness({
      gameId: round.gameId,
      hash: round.hash,
      rate: round.fullRate ?? round.rate ?? null,
      salt: round.salt ?? null,
    });
  };
  const won = share.rate !== null && share.winAmount !== null;
  return (
    <button type="button" className="chat-share" onClick={() => void open().catch(() => {})}>
      <span className="chat-share-title">{t('chat.sharedBet', { id: share.gameId })}</span>
      <span>
        {won
          ? t('chat.sharedWin', {
              amount: formatCoins(share.amount),
              rate: formatRate(share.rate!),
              win: formatCoins(share.winAmount!),
            })
          : t('chat.sharedLost', { amount: formatCoins(share.amount) })}
      </span>
      <span className="chat-share-fair">{t('chat.openFairness')}</span>
    </button>
  );
}
