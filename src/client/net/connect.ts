/** Starts the page's network: the stored session, the referral fields, the history and the live feed. */

import { loadHistory } from './feed';
import { storeReferralFromQuery } from './referral';
import { resumeSession } from './session';
import { brokerUrl } from './brokerUrl';
import { createStompClient } from './stomp';

/** Connects once per page; HTTP failures are left to the STOMP feed, which sends the round on subscribe. */
export function connectGame(): void {
  storeReferralFromQuery(window.location.search);
  void resumeSession();
  void loadHistory();
  createStompClient(brokerUrl(window.location)).activate();
}
