/**
 * The "Stats" part of the Bets History modal (issue 28 point 4): the player's results from
 * GET /user/stats (computed in SQL) and the running net as a chart, per bet or per day. Loaded only
 * when shown, with uPlot.
 */

import { useState } from 'react';
import { formatCoins } from '../../../shared/money';
import type { PlayerStats } from '../../../shared/protocol';
import { api } from '../../net/api';
import { Chip } from '../pixel';
import { useRequest } from '../modals/useRequest';
import { BalanceChart } from './BalanceChart';
import './lab.css';

/** The curves: x and the running net in coins. */
function curves(stats: PlayerStats) {
  let net = 0;
  const days = stats.perDay.map((day) => (net += day.net) / 100);
  return {
    bet: { x: [0, ...stats.perBet.map((point) => point.bet)], y: [0, ...stats.perBet.map((point) => point.net / 100)] },
    day: { x: stats.perDay.map((day) => day.day / 1000), y: days },
  };
}

export default function StatsPart() {
  const stats = useRequest(() => api.get('/user/stats'));
  const [by, setBy] = useState<'bet' | 'day'>('bet');
  if (stats.state === 'loading') return <p className="modal-empty">Loading...</p>;
  if (stats.state === 'failed') return <p className="modal-message modal-message-error">{stats.message}</p>;
  const s = stats.value;
  if (s.bets === 0) return <p className="modal-empty">No settled bets yet</p>;
  const curve = curves(s)[by];
  return (
    <div data-testid="stats">
      <dl className="lab-figures">
        <Figure label="Bets" text={String(s.bets)} />
        <Figure label="Wagered" text={formatCoins(s.wagered)} />
        <Figure label="Net" text={formatCoins(s.net)} />
        <Figure label="Biggest win" text={s.biggestWin === null ? '—' : formatCoins(s.biggestWin)} />
        <Figure
          label="Biggest multiplier cashed"
          text={s.biggestRate === null ? '—' : `x${s.biggestRate.toFixed(2)}`}
        />
      </dl>
      <div role="group" aria-label="Profit over time">
        <Chip color={by === 'bet' ? 'green' : 'gray'} onClick={() => setBy('bet')} aria-pressed={by === 'bet'}>
          Per bet
        </Chip>{' '}
        <Chip color={by === 'day' ? 'green' : 'gray'} onClick={() => setBy('day')} aria-pressed={by === 'day'}>
          Per day
        </Chip>
      </div>
      <BalanceChart key={by} x={curve.x} y={curve.y} xLabel={by === 'bet' ? 'Bet' : 'Day'} time={by === 'day'} />
    </div>
  );
}

function Figure({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{text}</dd>
    </div>
  );
}
