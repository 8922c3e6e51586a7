/** The live connection: its round trip in ms, or 'Reconnecting…' while the socket is down. */

import { useAtomValue } from 'jotai';
import { connectionAtom } from '../../state/connectionAtom';
import { latencyAtom } from '../../state/latencyAtom';
import { useT } from '../../i18n/i18n';

export function ConnectionStatus() {
  const t = useT();
  const connection = useAtomValue(connectionAtom);
  const latency = useAtomValue(latencyAtom);
  if (connection === 'closed') {
    return (
      <span className="hud-connection hud-connection-down" role="status">
        {t('header.reconnecting')}
      </span>
    );
  }
  return (
    <span className="hud-connection" title={t('header.roundTrip')} data-testid="latency">
      {latency === null ? '' : t('header.latency', { ms: latency })}
    </span>
  );
}
