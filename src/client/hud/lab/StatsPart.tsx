/**
 * The "Stats" part of the Bets History modal (docs/hud.md "Player tools"): the player's results
 * from GET /user/stats (computed in SQL) and the running net as a chart, per bet or per day. Loaded
 * only when shown, with uPlot.
 */

import { useState } from 'react';
import type { PlayerStats } from '../../../shared/protocol';
import { api } from '../../net/api';
import { formatCoins, formatRate } from '../../i18n/format';
import { Chip } from '../../pixel';
import { useLoad } from '../../useLoad';
import { BalanceChart } from './BalanceChart';
import './lab.css';
import { useT } from '../../i18n/i18n';

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
  const t = useT();
  const [stats] = useLoad(() => api.get('/user/stats'));
  const [by, setBy] = useState<'bet' | 'day'>('bet');
  if (stats.state === 'loading') return <p className="modal-empty">{t('common.loading')}</p>;
  if (stats.state === 'failed') return <p className="modal-message modal-message-error">{stats.message}</p>;
  const s = stats.value;
  if (s.bets === 0) return <p className="modal-empty">{t('stats.none')}</p>;
  const curve = curves(s)[by];
  return (
    <div data-testid="stats">
      <dl className="lab-figures">
        <Figure label={t('stats.bets')} text={String(s.bets)} />
        <Figure label={t('stats.wagered')} text={formatCoins(s.wagered)} />
        <Figure label={t('stats.net')} text={formatCoins(s.net)} />
        <Figure label={t('stats.biggestWin')} text={s.biggestWin === null ? '—' : formatCoins(s.biggestWin)} />
        <Figure label={t('stats.biggestRate')} text={s.biggestRate === null ? '—' : formatRate(s.biggestRate)} />
      </dl>
      <div role="group" aria-label={t('stats.overTime')}>
        <Chip color={by === 'bet' ? 'green' : 'gray'} onClick={() => setBy('bet')} aria-pressed={by === 'bet'}>
          {t('stats.perBet')}
        </Chip>{' '}
        <Chip color={by === 'day' ? 'green' : 'gray'} onClick={() => setBy('day')} aria-pressed={by === 'day'}>
          {t('stats.perDay')}
        </Chip>
      </div>
      <BalanceChart
        key={by}
        x={curve.x}
        y={curve.y}
        xLabel={by === 'bet' ? t('stats.bet') : t('stats.day')}
        time={by === 'day'}
      />
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
