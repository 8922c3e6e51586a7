/** A labelled value and a check's result, as the Provably Fair dialog shows them. */

import { useEffect, useState } from 'react';
import type { CheckResult } from './fairnessChecks';
import { useT } from '../../i18n/i18n';

export function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="modal-field">
      <span className="modal-field-label">{label}</span>
      <span className="modal-value">{value}</span>
    </div>
  );
}

/** One check's result. */
export function Check({ label, run }: { label: string; run(): Promise<CheckResult | null> }) {
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
