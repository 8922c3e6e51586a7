/** The operator's pause (docs/ops.md "Pause"): the reason players read while no new round starts, null when the game runs. */

import { atom } from 'jotai';

export const maintenanceAtom = atom<string | null>(null);
