/** The live connection: its round trip in ms, 'Reconnecting…' while the socket is down, or 'Server busy, retrying…' while the server turns the page away. */

import { useAtomValue } from 'jotai';
import { connectionAtom } from '../../state/connectionAtom';
import { latencyAtom } from '../../state/latencyAtom';
import { serverBusyAtom } from '../../state/serverBusyAtom';
import { useT } from '../../i18n/i18n';

export function ConnectionStatus() {
  const t = useT();
  const connection = useAtomValue(connectionAtom);
  const latency = useAtomValue(latencyAtom);
  const busy = useAtomValue(serverBusyAtom);
  if (busy || connection === 'busy') {
    return (
      <span className="hud-connection hud-connection-down" role="status">
        {t('header.serverBusy')}
      </span>
    );
  }
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
