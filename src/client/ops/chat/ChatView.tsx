/**
 * The chat's moderation (docs/ops.md "Chat"): reported messages with their sender, each to delete
 * (gone for every player at once) or its sender to mute; the mutes in force; each room's slow mode;
 * a player's messages to export. Viewers see it all; admins act, and every act is audited.
 */

import { useState } from 'react';
import type { ChatReport } from '../../../shared/wire/chatRoutes';
import { opsGet, opsPost } from '../api';
import { formatAt } from '../format';
import { ActionButton } from '../role';
import { Panel } from '../Stats';
import { Table } from '../Table';
import { useLoad } from '../../useLoad';
import { ExportMessages } from './ExportMessages';
import { MuteDialog } from './MuteDialog';
import { SlowMode } from './SlowMode';

const at = (ms: number) => formatAt(new Date(ms).toISOString());

export function ChatView() {
  const [loaded, reload] = useLoad(() => opsGet('chat/reports', {}), []);
  const [muting, setMuting] = useState<ChatReport['message'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>) =>
    work.then(
      () => {
        setError(null);
        reload();
      },
      (failure: Error) => setError(failure.message),
    );
  if (loaded.state === 'loading') return <p role="status">Loading…</p>;
  if (loaded.state === 'failed')
    return (
      <p className="ops-error" role="alert">
        {loaded.message}
      </p>
    );
  const { items, mutes, rooms } = loaded.value;
  return (
    <div className="ops-grid">
      {error && (
        <p className="ops-error ops-wide" role="alert">
          {error}
        </p>
      )}
      <Panel title="Reported messages" className="ops-wide">
        <Table
          caption="Reported messages"
          head={['Reported', 'Room', 'Sender', 'Message', 'Reporter', 'Reason', '']}
          empty="No reports."
          rows={items.map((report) => [
            at(report.at),
            report.message.room,
            `${report.message.nickname} (#${report.message.accountId})`,
            report.message.deletedAt !== null ? (
              <s>{report.message.text}</s>
            ) : (
              report.message.text || `shared bet ${report.message.shareBetId}`
            ),
            report.reporter,
            report.reason,
            <span className="ops-row">
              <ActionButton
                color="red"
                disabled={report.message.deletedAt !== null}
                onClick={() =>
                  act(opsPost('chat/messages/:id/delete', undefined, { params: { id: report.message.id } }))
                }
              >
                Delete
              </ActionButton>
              <ActionButton color="orange" onClick={() => setMuting(report.message)}>
                Mute
              </ActionButton>
            </span>,
          ])}
        />
      </Panel>
      <Panel title="Muted players">
        <Table
          caption="Muted players"
          head={['Player', 'Until', 'Reason', 'Kind', '']}
          empty="Nobody is muted."
          rows={mutes.map((mute) => [
            `#${mute.accountId}`,
            at(mute.until),
            mute.reason,
            mute.shadow ? 'shadow' : 'muted',
            <ActionButton
              color="green"
              onClick={() => act(opsPost('players/:id/unmute', undefined, { params: { id: mute.accountId } }))}
            >
              Unmute
            </ActionButton>,
          ])}
        />
      </Panel>
      <Panel title="Slow mode">
        <SlowMode rooms={rooms} onChanged={reload} />
      </Panel>
      <Panel title="Export a player's messages">
        <ExportMessages />
      </Panel>
      {muting && (
        <MuteDialog
          message={muting}
          onClose={() => setMuting(null)}
          onMuted={() => {
            setMuting(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
