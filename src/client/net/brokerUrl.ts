/** The STOMP endpoint for the page's own origin, shared by the game page and the ops page. */

import { WS_PATH } from '../../shared/constants';

/** ws(s)://host/api/v1/ws/init. */
export function brokerUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}
