/**
 * 'Your bets' (docs/spec.md §2): the player's bet history from GET /bet/history; a bet opens its
 * round's fairness data. Its Stats part (docs/hud.md, "Player tools") loads with its chart only when picked.
 */

import { useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { formatCoins } from '../../../shared/money';
import type { BetWithRound } from '../../../shared/protocol';
import { api } from '../../net/api';
import { openFairnessAtom } from '../../state/modalAtom';
import { formatRate, formatTime, rateColor } from '../format';
import { Chip } from '../pixel';
import { fairnessOfBet } from './fairnessOfBet';
import { Modal } from './Modal';
import { useRequest } from './useRequest';

const StatsPart = lazy(() => import('../lab/StatsPart'));

export function BetsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [part, setPart] = useState<'bets' | 'stats'>('bets');
  return (
    <Modal open={open} onClose={onClose} title="Your bets" className="modal-wide">
      <div className="modal-parts" role="group" aria-label="Part">
        <Chip
          color={part === 'bets' ? 'purple' : 'gray'}
          onClick={() => setPart('bets')}
          aria-pressed={part === 'bets'}
        >
          Bets
        </Chip>
        <Chip
          color={part === 'stats' ? 'purple' : 'gray'}
          onClick={() => setPart('stats')}
          aria-pressed={part === 'stats'}
        >
          Stats
        </Chip>
      </div>
      {part === 'bets' ? (
        <BetHistory />
      ) : (
        <Suspense fallback={<p className="modal-empty">Loading...</p>}>
          <StatsPart />
        </Suspense>
      )}
    </Modal>
  );
}

function BetHistory() {
  const history = useRequest(() => api.get('/bet/history'));
  const openFairness = useSetAtom(openFairnessAtom);
  if (history.state === 'loading') return <p className="modal-empty">Loading...</p>;
  if (history.state === 'failed') return <p className="modal-message modal-message-error">{history.message}</p>;
  const bets = history.value.betHistory;
  if (bets.length === 0) return <p className="modal-empty">You have no bets</p>;
  return (
    <div className="modal-rows">
      {bets.map((bet) => (
        <button key={bet.betId} type="button" className="modal-row" onClick={() => openFairness(fairnessOfBet(bet))}>
          <span>
            {formatCoins(bet.amount)} $
            <span className="modal-row-sub">{`Round ${bet.gameId} · ${formatTime(bet.time)}`}</span>
          </span>
          {bet.rate !== null ? <Chip color={rateColor(bet.rate)}>{formatRate(bet.rate)}</Chip> : <span />}
          <Outcome bet={bet} />
        </button>
      ))}
    </div>
  );
}

function Outcome({ bet }: { bet: BetWithRound }) {
  if (bet.status === 'REFUNDED' && bet.winAmount !== null)
    return <span className="bet-win">+{formatCoins(bet.winAmount)} $</span>;
  if (bet.status === 'VOID') return <span className="bet-void">refunded</span>;
  if (bet.gameRate === null) return <span className="bet-open">in play</span>;
  return <span className="bet-lost">lost</span>;
}
