/**
 * The one jotai store. Every module reaches it the same way, by importing `store`: React through
 * <Provider store={store}>, the network, the bet panels' controller, the stage and the audio
 * through get/set/sub. Nothing takes a store as an argument.
 */

import { createStore } from 'jotai';

/** Shared by React, the network layer, the panels' controller, the stage's frame loop and the audio. */
export let store = createStore();

/** A blank store in place of the old one, for tests that start each case from nothing; the page never calls it. */
export function resetStore(): void {
  store = createStore();
}
