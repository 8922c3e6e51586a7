/** Each room's slow mode: how long a player waits between two messages there (0: off). */

import { useId, useState } from 'react';
import type { ChatRoom } from '../../../shared/wire/chat';
import { opsPost } from '../api';
import { ActionButton } from '../role';

export function SlowMode({
  rooms,
  onChanged,
}: {
  rooms: { room: ChatRoom; slowSeconds: number }[];
  onChanged(): void;
}) {
  return (
    <ul className="ops-list" style={{ listStyle: 'none', padding: 0 }}>
      {rooms.map((room) => (
        <RoomSlowMode key={room.room} {...room} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function RoomSlowMode({ room, slowSeconds, onChanged }: { room: ChatRoom; slowSeconds: number; onChanged(): void }) {
  const [seconds, setSeconds] = useState(String(slowSeconds));
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const save = () =>
    opsPost('chat/rooms/:room/slow', { seconds: Number(seconds) }, { params: { room } }).then(
      onChanged,
      (failure: Error) => setError(failure.message),
    );
  return (
    <li className="ops-row">
      <label htmlFor={inputId}>{room}</label>
      <input
        id={inputId}
        className="ops-input"
        inputMode="numeric"
        style={{ width: '6em' }}
        aria-label={`Slow mode of ${room} in seconds`}
        value={seconds}
        onChange={(event) => setSeconds(event.target.value)}
      />
      <span>s</span>
      <ActionButton color="purple" disabled={!/^\d{1,4}$/.test(seconds)} onClick={() => void save()}>
        Set
      </ActionButton>
      {error && (
        <span className="ops-error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}
