/** CONNECT negotiation of STOMP 1.2: the protocol version and the heart-beat intervals. */

import { StompError } from './frame';

/** Versions this server speaks, preferred first. */
const VERSIONS = ['1.2', '1.1', '1.0'] as const;

/** The highest version both sides speak; a client without accept-version speaks 1.0. */
export function negotiateVersion(acceptVersion: string | undefined): string {
  const offered = new Set((acceptVersion ?? '1.0').split(',').map((v) => v.trim()));
  const version = VERSIONS.find((v) => offered.has(v));
  if (!version) throw new StompError('Unsupported version', `this server speaks STOMP ${VERSIONS.join(', ')}`);
  return version;
}

/**
 * Intervals from the client's `heart-beat: cx,cy` and the server's offer `serverMs,serverMs`:
 * each direction beats at the larger of the two wishes, or not at all when either side says 0.
 */
export function negotiateHeartbeat(
  header: string | undefined,
  serverMs: number,
): { sendEvery: number; expectEvery: number } {
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header ?? '0,0');
  if (!match) throw new StompError('Bad heart-beat', `heart-beat "${header}" is not two integers`);
  const clientSends = Number(match[1]);
  const clientWants = Number(match[2]);
  return {
    sendEvery: serverMs === 0 || clientWants === 0 ? 0 : Math.max(serverMs, clientWants),
    expectEvery: serverMs === 0 || clientSends === 0 ? 0 : Math.max(serverMs, clientSends),
  };
}
