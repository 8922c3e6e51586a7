/** The live connection: its round trip in ms, or 'Reconnecting…' while the socket is down. */

import { useAtomValue } from 'jotai';
import { connectionAtom } from '../../state/connectionAtom';
import { latencyAtom } from '../../state/latencyAtom';

export function ConnectionStatus() {
  const connection = useAtomValue(connectionAtom);
  const latency = useAtomValue(latencyAtom);
  if (connection === 'closed') {
    return (
      <span className="hud-connection hud-connection-down" role="status">
        Reconnecting…
      </span>
    );
  }
  return (
    <span className="hud-connection" title="Round trip to the game server" data-testid="latency">
      {latency === null ? '' : `${latency} ms`}
    </span>
  );
}
