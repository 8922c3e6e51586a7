/** Mutes a message's sender for some minutes with a reason; a shadow mute lets their messages reach only them. */

import { useId, useState } from 'react';
import type { ChatReport } from '../../../shared/wire/chatRoutes';
import { opsPost } from '../api';
import { ReasonDialog } from '../ReasonDialog';

const MINUTES = [15, 60, 24 * 60, 7 * 24 * 60] as const;
const LABELS = ['15 minutes', '1 hour', '1 day', '7 days'];

interface MuteDialogProps {
  message: ChatReport['message'];
  onClose(): void;
  onMuted(): void;
}

export function MuteDialog({ message, onClose, onMuted }: MuteDialogProps) {
  const [minutes, setMinutes] = useState<number>(MINUTES[1]);
  const [shadow, setShadow] = useState(false);
  const minutesId = useId();
  const shadowId = useId();
  return (
    <ReasonDialog
      title={`Mute ${message.nickname}`}
      confirmLabel={shadow ? 'Shadow-mute' : 'Mute'}
      onClose={onClose}
      onConfirm={(reason) =>
        opsPost('players/:id/mute', { minutes, reason, shadow }, { params: { id: message.accountId } }).then(onMuted)
      }
    >
      <label className="ops-field" htmlFor={minutesId}>
        <span className="ops-label">For</span>
        <select
          id={minutesId}
          className="ops-input"
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
        >
          {MINUTES.map((value, index) => (
            <option key={value} value={value}>
              {LABELS[index]}
            </option>
          ))}
        </select>
      </label>
      <label className="ops-field" htmlFor={shadowId}>
        <span>
          <input id={shadowId} type="checkbox" checked={shadow} onChange={(event) => setShadow(event.target.checked)} />{' '}
          Shadow: their messages reach only them, and they are not told
        </span>
      </label>
      <p>A muted player who writes is told the time left and the reason.</p>
    </ReasonDialog>
  );
}
