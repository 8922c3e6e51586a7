/** Starts the page's network: the stored session, the referral fields, the history, the house's limits and the live feed. */

import type { Client } from '@stomp/stompjs';
import { storeReferralFromQuery } from '../account/referral';
import { brokerUrl } from '../net/brokerUrl';
import { createStompClient } from '../net/stomp';
import { applyOnline } from '../round/betList';
import { connectionAtom } from '../state/connectionAtom';
import { latencyAtom } from '../state/latencyAtom';
import { maintenanceAtom } from '../state/maintenanceAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { loadHistory, loadRound, receiveBetEvent, receiveGameEvent, refreshHouseLimits } from './feed';
import { resumeSession } from './session';

/** Connects once per page; HTTP failures are left to the STOMP feed, which sends the round on subscribe. */
export function connectGame(): void {
  storeReferralFromQuery(window.location.search);
  void resumeSession();
  void loadHistory();
  // At once rather than after the round's first event (a connection and one or two round trips
  // later), so the bet panels' house limits are there for the HUD's first commit.
  void refreshHouseLimits();
  liveClient(brokerUrl(window.location)).activate();
}

/** The STOMP client, its decoded events handed to the game's feed and its state to the atoms. */
export function liveClient(url: string): Client {
  const client = createStompClient(url, {
    token: () => store.get(accessTokenAtom),
    connected: (reconnected) => void loadRound(reconnected),
    line: (state) => store.set(connectionAtom, state),
    latency: (ms) => store.set(latencyAtom, ms),
    gameEvent: receiveGameEvent,
    betEvent: receiveBetEvent,
    online: applyOnline,
    maintenance: (reason) => store.set(maintenanceAtom, reason),
  });
  // Signed in: connect again with the token, so the socket counts on the player's account, not
  // among the visitors of the address (a carrier's NAT holds many), and may take a player's place.
  store.sub(accessTokenAtom, () => {
    const signedIn = store.get(accessTokenAtom) !== null;
    if (signedIn && client.connected && client.connectHeaders.authorization === undefined)
      void client.deactivate().then(() => client.activate());
  });
  return client;
}
