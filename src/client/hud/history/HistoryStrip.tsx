/**
 * The last 11 rounds' multipliers as coloured chips (docs/spec.md §2 and "Decisions on the spec's open points"); a chip opens that
 * round's fairness data, the orange Fairness button the current round's.
 */

import { useAtomValue, useSetAtom } from 'jotai';
import { historyAtom } from '../../state/historyAtom';
import { openFairnessAtom } from '../../state/modalAtom';
import { formatRate, rateColor } from '../../i18n/format';
import { Button, Chip } from '../../pixel';
import './history.css';
import { useT } from '../../i18n/i18n';

export function HistoryStrip() {
  const t = useT();
  const history = useAtomValue(historyAtom);
  const openFairness = useSetAtom(openFairnessAtom);
  return (
    <nav className="app-history hud-history" aria-label={t('history.label')}>
      <div className="history-chips">
        {history.map((round) => (
          <Chip
            key={round.gameId}
            color={rateColor(round.rate)}
            className="history-chip"
            title={t('common.round', { id: round.gameId })}
            onClick={() =>
              openFairness({ gameId: round.gameId, hash: round.hash, rate: round.fullRate, salt: round.salt })
            }
          >
            {formatRate(round.rate)}
          </Chip>
        ))}
      </div>
      <Button color="orange" className="history-fairness" onClick={() => openFairness(null)}>
        {t('history.fairness')}
      </Button>
    </nav>
  );
}
