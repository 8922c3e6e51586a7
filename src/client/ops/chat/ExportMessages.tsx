/** Downloads every stored message of a player (deleted and shadow-muted ones too) as JSON; the export is audited. */

import { useId, useState } from 'react';
import { Button } from '../../pixel';
import { opsGet } from '../api';

export function ExportMessages() {
  const [id, setId] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const inputId = useId();
  const download = async () => {
    try {
      const exported = await opsGet('players/:id/chat', { params: { id } });
      const url = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `chat-player-${id}.json`;
      link.click();
      URL.revokeObjectURL(url);
      setNote(`${exported.messages.length} messages`);
    } catch (failure) {
      setNote(failure instanceof Error ? failure.message : 'Error occurred');
    }
  };
  return (
    <div className="ops-row">
      <label htmlFor={inputId}>Player id</label>
      <input
        id={inputId}
        className="ops-input"
        inputMode="numeric"
        size={8}
        value={id}
        onChange={(event) => setId(event.target.value.trim())}
      />
      <Button color="purple" disabled={!/^[1-9]\d*$/.test(id)} onClick={() => void download()}>
        Export
      </Button>
      {note && <span role="status">{note}</span>}
    </div>
  );
}
