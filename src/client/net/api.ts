/** The HTTP client of spec §7: one ofetch instance at /api/v1 that unwraps the envelope. */

import { ofetch } from 'ofetch';
import { API_BASE } from '../../shared/constants';
import type { Envelope, GameInfo, RoundHistoryEntry } from '../../shared/protocol';

/** Every call goes through this instance so the HUD can add the Bearer token in one place. */
export const api = ofetch.create({ baseURL: API_BASE, retry: 1, timeout: 10_000 });

/** The envelope's data (`data.data` in the spec), or an error with the server's message. */
export async function getData<T>(path: string): Promise<T> {
  const body = await api<Envelope<T>>(path);
  if (!body.success || body.data === undefined) throw new Error(body.errorMessage ?? 'Error occurred');
  return body.data;
}

/** The round being played now. */
export const getGameInfo = () => getData<GameInfo>('/game/info');

/** The last finished rounds, newest first. */
export const getLastRounds = () => getData<RoundHistoryEntry[]>('/game/last');
