/**
 * Maintenance (docs/ops.md "Pause"): pause with a typed reason behind a confirm dialog, resume.
 * The round in flight finishes and settles; no new one starts until resume. The live state shows
 * who paused and since when.
 */

import { useState } from 'react';
import { opsPost } from '../api';
import type { OpsPause } from '../../../shared/ops';
import { formatAt } from '../format';
import { ReasonDialog } from '../ReasonDialog';
import { ActionButton } from '../role';
import { Panel } from '../Stats';

export function Maintenance({ paused }: { paused: OpsPause | null }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resume = async () => {
    setBusy(true);
    setError(null);
    try {
      await opsPost('resume');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title="Maintenance" className="ops-wide">
      {paused ? (
        <p className="ops-paused" role="status">
          Paused by {paused.by} since {formatAt(paused.since)}: {paused.reason}
        </p>
      ) : (
        <p role="status">Running: new rounds start as usual.</p>
      )}
      {error && (
        <p className="ops-error" role="alert">
          {error}
        </p>
      )}
      {paused ? (
        <ActionButton color="green" loading={busy} onClick={() => void resume()}>
          Resume
        </ActionButton>
      ) : (
        <ActionButton color="red" onClick={() => setAsking(true)}>
          Pause
        </ActionButton>
      )}
      {asking && (
        <ReasonDialog
          title="Pause the game"
          confirmLabel="Pause"
          onClose={() => setAsking(false)}
          onConfirm={(reason) => opsPost('pause', { reason }).then(() => undefined)}
        >
          <p>
            The round in flight finishes and settles as usual; no new round starts until you resume. Players see
            &quot;Maintenance: &lt;reason&gt;&quot;.
          </p>
        </ReasonDialog>
      )}
    </Panel>
  );
}
