/** The one jotai store: React reads it through <Provider>, the stage and the network through get/set/sub. */

import { createStore } from 'jotai';

/** Shared by React, the network layer and the stage's frame loop. */
export const store = createStore();
