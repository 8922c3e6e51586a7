/** One bet: nickname, amount, cash-out multiplier and win; a bet of a finished round that was not cashed out is lost, one of a voided round returned. */

import type { PlayerBet } from '../../state/betStatus';
import { formatCoins, formatRate, rateColor } from '../../i18n/format';
import { Chip } from '../../pixel';
import { useT } from '../../i18n/i18n';

interface BetRowProps {
  bet: PlayerBet;
  /** The bet's round has ended. */
  ended: boolean;
  own: boolean;
}

export function BetRow({ bet, ended, own }: BetRowProps) {
  const t = useT();
  const won = bet.status === 'CASHED_OUT' && bet.winAmount !== null;
  const returned = bet.status === 'VOID';
  const lost = !won && !returned && ended;
  return (
    <>
      <span className="bet-nick" title={bet.nickname}>
        {bet.nickname}
        {own && <span className="bet-own">{t('bets.you')}</span>}
      </span>
      <span className="bet-amount">{formatCoins(bet.amount)}</span>
      <span className="bet-rate">
        {bet.rate !== null && bet.rate > 0 ? <Chip color={rateColor(bet.rate)}>{formatRate(bet.rate)}</Chip> : null}
      </span>
      <span className={`bet-outcome ${won ? 'bet-win' : lost ? 'bet-lost' : ''}`}>
        {won ? formatCoins(bet.winAmount!) : lost ? t('bets.lost') : returned ? t('bets.returned') : '—'}
      </span>
    </>
  );
}
