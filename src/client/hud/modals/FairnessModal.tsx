/**
 * The Provably Fair dialog (docs/spec.md §2): Game rate, Game salt and Game hash of a round, '***' for rate
 * and salt until it has ENDED, and the browser's own checks of them.
 */

import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { fairnessRoundAtom, type FairnessRound } from '../../state/modalAtom';
import { roundAtom } from '../../state/roundAtom';
import { FAIRNESS_CHECKS, type CheckResult } from './fairnessChecks';
import { Modal } from './Modal';
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
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="modal-field">
      <span className="modal-field-label">{label}</span>
      <span className="modal-value">{value}</span>
    </div>
  );
}

/** One check's result. */
function Check({ label, run }: { label: string; run(): Promise<CheckResult | null> }) {
  const t = useT();
  const [result, setResult] = useState<CheckResult | null | 'running'>('running');
  useEffect(() => {
    let live = true;
    run().then(
      (value) => live && setResult(value),
      () => live && setResult({ ok: null, detail: t('fairness.unanswered') }),
    );
    return () => {
      live = false;
    };
    // Once per mount: the key changes with the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [mark, tone, text] =
    result === 'running'
      ? ['…', 'wait', t('fairness.checking')]
      : result === null
        ? ['…', 'wait', t('fairness.published')]
        : result.ok === null
          ? ['?', 'wait', result.detail]
          : result.ok
            ? ['✓', 'ok', result.detail]
            : ['✗', 'bad', result.detail];
  return (
    <div className={`modal-check modal-check-${tone}`} data-testid="fairness-check">
      <span aria-hidden="true">{mark}</span>
      <span>
        {label}: {text}
      </span>
    </div>
  );
}
