/** The two identical bet panels below the stage (docs/spec.md §2). */

import { BET_PANELS } from '../../../shared/constants';
import { useHotkeys } from '../hotkeys';
import { BetPanel } from './BetPanel';
import './panel.css';
import { useT } from '../../i18n/i18n';

export function BetPanels() {
  const t = useT();
  useHotkeys();
  return (
    <section className="app-panels" aria-label={t('panel.panels')}>
      {Array.from({ length: BET_PANELS }, (_, index) => (
        <BetPanel key={index} index={index} />
      ))}
    </section>
  );
}
