/**
 * 'Your bets' (docs/spec.md §2): the player's bet history from GET /bet/history; a bet opens its
 * round's fairness data. Its Stats part (docs/hud.md, "Player tools") loads with its chart only when picked.
 */

import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import type { BetWithRound } from '../../../shared/protocol';
import { api } from '../../net/api';
import { fromWire, type PlayerBet } from '../../state/betStatus';
import { openFairnessAtom } from '../../state/modalAtom';
import { ownProofsAtom } from '../../state/settlementAtom';
import { formatCoins, formatRate, formatTime, rateColor } from '../../i18n/format';
import { Chip } from '../../pixel';
import { fairnessOfBet } from './fairnessOfBet';
import { Modal } from './Modal';
import { useLoad } from '../../useLoad';
import { useT } from '../../i18n/i18n';

const StatsPart = lazy(() => import('../lab/StatsPart'));

export function BetsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const [part, setPart] = useState<'bets' | 'stats'>('bets');
  return (
    <Modal open={open} onClose={onClose} title={t('betsModal.title')} className="modal-wide">
      <div className="modal-parts" role="group" aria-label={t('betsModal.parts')}>
        <Chip
          color={part === 'bets' ? 'purple' : 'gray'}
          onClick={() => setPart('bets')}
          aria-pressed={part === 'bets'}
        >
          {t('betsModal.bets')}
        </Chip>
        <Chip
          color={part === 'stats' ? 'purple' : 'gray'}
          onClick={() => setPart('stats')}
          aria-pressed={part === 'stats'}
        >
          {t('betsModal.stats')}
        </Chip>
      </div>
      {part === 'bets' ? (
        <BetHistory />
      ) : (
        <Suspense fallback={<p className="modal-empty">{t('common.loading')}</p>}>
          <StatsPart />
        </Suspense>
      )}
    </Modal>
  );
}

function BetHistory() {
  const t = useT();
  const [history] = useLoad(() => api.get('/bet/history').then(({ betHistory }) => betHistory.map(fromWire)));
  const openFairness = useSetAtom(openFairnessAtom);
  if (history.state === 'loading') return <p className="modal-empty">{t('common.loading')}</p>;
  if (history.state === 'failed') return <p className="modal-message modal-message-error">{history.message}</p>;
  const bets = history.value;
  if (bets.length === 0) return <p className="modal-empty">{t('betsModal.none')}</p>;
  return (
    <div className="modal-rows">
      {bets.map((bet) => (
        <button key={bet.betId} type="button" className="modal-row" onClick={() => openFairness(fairnessOfBet(bet))}>
          <span>
            {formatCoins(bet.amount)} $
            <span className="modal-row-sub">
              {t('betsModal.roundAt', { id: bet.gameId, time: formatTime(bet.time) })}
            </span>
          </span>
          {bet.rate !== null ? <Chip color={rateColor(bet.rate)}>{formatRate(bet.rate)}</Chip> : <span />}
          <span>
            <Outcome bet={bet} /> <ProofMark betId={bet.betId} />
          </span>
        </button>
      ))}
    </div>
  );
}

/** ✓ once the bet proved to be in the settlement root the page saw live, ✗ when it did not (src/client/proof/). */
function ProofMark({ betId }: { betId: string }) {
  const t = useT();
  const holds = useAtomValue(ownProofsAtom).get(betId);
  if (holds === undefined) return null;
  const text = t(holds ? 'fairness.provenLive' : 'fairness.changedSinceLive');
  return (
    <span className={holds ? 'bet-win' : 'bet-lost'} title={text} aria-label={text} data-testid="proof-mark">
      {holds ? '✓' : '✗'}
    </span>
  );
}

function Outcome({ bet }: { bet: PlayerBet<BetWithRound> }) {
  const t = useT();
  if (bet.status === 'CASHED_OUT' && bet.winAmount !== null)
    // The payout, as the spec's win amount: no sign, as it is not the profit.
    return <span className="bet-win">{formatCoins(bet.winAmount)} $</span>;
  if (bet.status === 'VOID') return <span className="bet-void">{t('betsModal.refunded')}</span>;
  if (bet.gameRate === null) return <span className="bet-open">{t('betsModal.inPlay')}</span>;
  return <span className="bet-lost">{t('betsModal.lost')}</span>;
}
