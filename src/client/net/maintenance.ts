/**
 * The maintenance notice (docs/ops.md "What players see"): `{paused: true, reason}` or
 * `{paused: false}` on its destination, sent on subscribe and on every change.
 */

import type { MaintenanceEvent } from '../../shared/ops';

/** The reason while paused, null when running; undefined for a body that is neither. */
export function decodeMaintenance(body: string): string | null | undefined {
  try {
    const notice = JSON.parse(body) as MaintenanceEvent;
    if (notice?.paused === false) return null;
    if (notice?.paused === true && typeof notice.reason === 'string') return notice.reason;
  } catch {
    // Not JSON: dropped like any unknown message (docs/spec.md §8).
  }
  return undefined;
}
