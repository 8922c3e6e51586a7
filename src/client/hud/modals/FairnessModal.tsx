/**
 * The Provably Fair dialog (docs/spec.md §2): Game rate, Game salt and Game hash of a round, '***' for rate
 * and salt until it has ENDED, and the browser's own checks of them; then its settlement root, the
 * player's receipt and any bet's proof (SettlementProof.tsx).
 */

import { useAtomValue } from 'jotai';
import { fairnessRoundAtom, type FairnessRound } from '../../state/modalAtom';
import { roundAtom } from '../../state/roundAtom';
import { FAIRNESS_CHECKS } from './fairnessChecks';
import { Check, Field } from './FairnessParts';
import { Modal } from './Modal';
import { SettlementProof } from './SettlementProof';
import { useT } from '../../i18n/i18n';

const HIDDEN = '***';

export function FairnessModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('fairness.title')}>
      <FairnessData />
    </Modal>
  );
}

/** The given round, or the current one (the orange button) with its secrets hidden until ENDED. */
function useShownRound(): FairnessRound {
  const given = useAtomValue(fairnessRoundAtom);
  const round = useAtomValue(roundAtom);
  if (given) return given;
  const ended = round.state === 'ENDED';
  return {
    gameId: round.gameId ?? undefined,
    hash: round.hash,
    rate: ended ? round.fullRate : null,
    salt: ended ? round.salt : null,
  };
}

function FairnessData() {
  const t = useT();
  const round = useShownRound();
  return (
    <div className="fairness">
      {round.gameId && <p>{t('common.round', { id: round.gameId })}</p>}
      <Field label={t('fairness.rate')} value={round.rate === null ? HIDDEN : String(round.rate)} />
      <Field label={t('fairness.salt')} value={round.salt ?? HIDDEN} />
      <Field label={t('fairness.hash')} value={round.hash || HIDDEN} />
      {FAIRNESS_CHECKS.map((check) => (
        // Keyed by the data too, so the check runs again when the current round ends while the dialog is open.
        <Check
          key={`${check.id}|${round.rate}|${round.salt}|${round.hash}`}
          label={t(check.label)}
          run={() => check.run(round)}
        />
      ))}
      <SettlementProof round={round} />
    </div>
  );
}
