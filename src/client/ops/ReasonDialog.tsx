/**
 * The confirm dialog every operator action goes through: what will happen (children), a typed
 * reason (3 to 200 characters, as the server checks), the server's refusal shown in place.
 */

import { useId, useState, type ReactNode } from 'react';
import { Modal } from '../hud/modals/Modal';
import { Button } from '../pixel';

const REASON_MIN = 3;
const REASON_MAX = 200;

interface ReasonDialogProps {
  title: string;
  confirmLabel: string;
  onClose(): void;
  /** Runs the action; a thrown error's message is shown and the dialog stays open. */
  onConfirm(reason: string): Promise<void>;
  /** False while the caller's own fields (an amount) are not valid yet. */
  ready?: boolean;
  children?: ReactNode;
}

export function ReasonDialog({ title, confirmLabel, onClose, onConfirm, ready = true, children }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const trimmed = reason.trim();
  const valid = ready && trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(trimmed);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Error occurred');
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} onClose={onClose}>
      <form
        className="ops-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {children}
        <label className="ops-field" htmlFor={reasonId}>
          <span className="ops-label">Reason</span>
          <textarea
            id={reasonId}
            className="ops-input"
            rows={3}
            maxLength={REASON_MAX}
            required
            // The Modal focuses the first field so marked: a caller's own field (the amount) comes first.
            data-autofocus=""
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <span className="ops-hint">
            {REASON_MIN}–{REASON_MAX} characters; written to the audit log.
          </span>
        </label>
        {error && (
          <p className="ops-error" role="alert">
            {error}
          </p>
        )}
        <div className="ops-row">
          <Button color="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="orange" disabled={!valid} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
