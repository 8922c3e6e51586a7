/** Starts the game feed: the current round and history over HTTP, then live events over STOMP. */

import type { store as appStore } from '../state/store';
import { getGameInfo, getLastRounds } from './api';
import { applyGameInfo, applyLastRounds } from './events';
import { brokerUrl, createStompClient } from './stomp';

type Store = typeof appStore;

/** Connects once per page; HTTP failures are left to the STOMP feed, which sends the round on subscribe. */
export function connectGame(store: Store): void {
  getGameInfo().then((info) => applyGameInfo(store, info), ignore);
  getLastRounds().then((rounds) => applyLastRounds(store, rounds), ignore);
  createStompClient(store, brokerUrl(window.location)).activate();
}

function ignore(): void {}
