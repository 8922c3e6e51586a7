/**
 * What an admin does to something held for review (a withdrawal, a manual credit): Approve, which
 * says why when it fails, and Reject behind a dialog asking for the reason.
 */

import { useState, type ReactNode } from 'react';
import { ReasonDialog } from './ReasonDialog';
import { ActionButton } from './role';

interface ReviewActionsProps {
  /** Why this admin may not approve (it asked or approved already); null when it may. */
  approveBlocked: string | null;
  approve(): Promise<unknown>;
  reject(reason: string): Promise<unknown>;
  rejectTitle: string;
  /** What a rejection does, in the dialog. */
  children: ReactNode;
  onDone(): void;
}

export function ReviewActions({ approveBlocked, approve, reject, rejectTitle, children, onDone }: ReviewActionsProps) {
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onApprove = async () => {
    setBusy(true);
    setError(null);
    try {
      await approve();
      onDone();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      {error && (
        <p className="ops-error" role="alert">
          {error}
        </p>
      )}
      <div className="ops-row">
        <ActionButton
          color="green"
          loading={busy}
          disabled={approveBlocked !== null}
          title={approveBlocked ?? undefined}
          onClick={() => void onApprove()}
        >
          Approve
        </ActionButton>
        <ActionButton color="red" onClick={() => setRejecting(true)}>
          Reject
        </ActionButton>
      </div>
      {rejecting && (
        <ReasonDialog
          title={rejectTitle}
          confirmLabel="Reject"
          onClose={() => setRejecting(false)}
          onConfirm={async (reason) => {
            await reject(reason);
            onDone();
          }}
        >
          {children}
        </ReasonDialog>
      )}
    </>
  );
}
