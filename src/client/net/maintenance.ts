/**
 * The maintenance notice (docs/ops.md "What players see"): `{paused: true, reason}` or
 * `{paused: false}` on its destination, sent on subscribe and on every change.
 */

import { maintenanceEvent } from '../../shared/wire/events';
import { decode } from './decode';

/** The reason while paused, null when running; undefined for a body that is neither. */
export function decodeMaintenance(body: string): string | null | undefined {
  const notice = decode(maintenanceEvent, body);
  if (!notice) return undefined;
  return notice.paused ? notice.reason : null;
}
