/** The Game rules modal (docs/spec.md §2): nine sections on how moonrush is played; the panels' section lists the hotkeys. */

import { useAtomValue } from 'jotai';
import { Trans } from 'react-i18next';
import { HotkeysToggle } from '../header/HotkeysToggle';
import { HOTKEYS } from '../hotkeys';
import { BET_MIN, BET_QUICK_ADDS, BET_STEP, HISTORY_LENGTH, RATE_INPUT_MAX } from '../../../shared/constants';
import { useT } from '../../i18n/i18n';
import { Modal } from './Modal';
import { houseAtom } from '../../state/houseAtom';
import { formatCoins } from '../../i18n/format';

/** The markup the rules' texts may hold. */
const MARKUP = { code: <code />, i: <i /> };

export function RulesModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  // The table's limits are settings the server sends (/payment/reserves); an ellipsis until they come.
  const { largestBet, maxWin } = useAtomValue(houseAtom);
  const coins = (amount: number | null) => (amount === null ? '…' : formatCoins(amount));
  const rich = (key: 'rules.p6a' | 'rules.p6b' | 'rules.p6c' | 'rules.p7') => (
    <p>
      <Trans i18nKey={key} components={MARKUP} values={{ min: BET_MIN, history: HISTORY_LENGTH, largest: coins(largestBet), maxWin: coins(maxWin) }} />
    </p>
  );
  return (
    <Modal open={open} onClose={onClose} title={t('rules.title')} className="modal-wide">
      <div className="rules">
        <h3>{t('rules.h1')}</h3>
        <p>{t('rules.p1')}</p>
        <h3>{t('rules.h2')}</h3>
        <p>
          {t('rules.p2', {
            step: BET_STEP,
            min: BET_MIN,
            quick: BET_QUICK_ADDS.map((add) => `+${add}`).join(', '),
          })}
        </p>
        <p>{t('rules.p2hotkeys')}</p>
        <HotkeysToggle />
        <ul data-testid="hotkeys">
          {HOTKEYS.map(([key, action]) => (
            <li key={key}>
              <kbd>{key}</kbd>: {t(action)}
            </li>
          ))}
        </ul>
        <h3>{t('rules.h3')}</h3>
        <p>{t('rules.p3')}</p>
        <h3>{t('rules.h4')}</h3>
        <p>{t('rules.p4', { max: RATE_INPUT_MAX })}</p>
        <h3>{t('rules.h5')}</h3>
        <p>{t('rules.p5')}</p>
        <h3>{t('rules.h6')}</h3>
        {rich('rules.p6a')}
        {rich('rules.p6b')}
        {rich('rules.p6c')}
        <h3>{t('rules.h7')}</h3>
        {rich('rules.p7')}
        <h3>{t('rules.h8')}</h3>
        <p>{t('rules.p8')}</p>
        <h3>{t('rules.h9')}</h3>
        <p>{t('rules.p9')}</p>
      </div>
    </Modal>
  );
}
