/**
 * The live feed (docs/ops.md "STOMP"): one STOMP client on the players' endpoint, CONNECT with the
 * operator's token, `/topic/ops/state` about once a second and `/topic/ops/audit` per new row, each
 * decoded against its schema (src/shared/wire/ops.ts; a body that is not is dropped). The
 * server refuses ops destinations to anyone else with an ERROR frame; an ERROR here is most often
 * an expired session, which the next HTTP call (a 401) turns into a return to sign-in.
 */

import { Client } from '@stomp/stompjs';
import { useEffect, useState } from 'react';
import { HEARTBEAT_MS, RECONNECT_DELAY_MS } from '../../shared/constants';
import { brokerUrl } from '../net/brokerUrl';
import { decode } from '../net/decode';
import { opsGet } from './api';
import { OPS_DESTINATIONS, opsEvents } from '../../shared/wire/opsEvents';
import type { OpsAuditRow, OpsState } from '../../shared/wire/ops';

/** Audit rows that arrived live, newest first, at most this many kept. */
const LIVE_AUDIT_ROWS = 50;

interface Feed {
  state: OpsState | null;
  connected: boolean;
  liveAudit: OpsAuditRow[];
}

export function useOpsFeed(token: string): Feed {
  const [feed, setFeed] = useState<Feed>({ state: null, connected: false, liveAudit: [] });
  useEffect(() => {
    const apply = (state: OpsState) => setFeed((now) => ({ ...now, state }));
    // The first picture over HTTP, so the page is not blank until the first message.
    opsGet('state').then(apply, () => undefined);
    const client = new Client({
      brokerURL: brokerUrl(window.location),
      connectHeaders: { authorization: `Bearer ${token}` },
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: RECONNECT_DELAY_MS,
    });
    client.onConnect = () => {
      setFeed((now) => ({ ...now, connected: true }));
      client.subscribe(OPS_DESTINATIONS.state, (message) => {
        const state = decode(opsEvents.state, message.body);
        if (state) apply(state);
      });
      client.subscribe(OPS_DESTINATIONS.audit, (message) => {
        const row = decode(opsEvents.audit, message.body);
        if (row) setFeed((now) => ({ ...now, liveAudit: [row, ...now.liveAudit].slice(0, LIVE_AUDIT_ROWS) }));
      });
    };
    const down = () => {
      setFeed((now) => ({ ...now, connected: false }));
      opsGet('state').then(apply, () => undefined);
    };
    client.onWebSocketClose = down;
    client.onStompError = down;
    client.activate();
    return () => void client.deactivate();
  }, [token]);
  return feed;
}
