/** Starts the page's network: the stored session, the referral fields, the history, the house's limits and the live feed. */

import { loadHistory, refreshHouseLimits } from './feed';
import { storeReferralFromQuery } from './referral';
import { resumeSession } from './session';
import { brokerUrl } from './brokerUrl';
import { createStompClient } from './stomp';

/** Connects once per page; HTTP failures are left to the STOMP feed, which sends the round on subscribe. */
export function connectGame(): void {
  storeReferralFromQuery(window.location.search);
  void resumeSession();
  void loadHistory();
  // At once rather than after the round's first event (a connection and one or two round trips
  // later), so the bet panels' house limits are there for the HUD's first commit.
  void refreshHouseLimits();
  createStompClient(brokerUrl(window.location)).activate();
}
