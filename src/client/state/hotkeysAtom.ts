/** Whether the keyboard shortcuts are on (docs/hud.md "Player tools"): off by default, kept under localStorage `hotkeys`. */

import { STORAGE_KEYS } from '../../shared/constants';
import { storedAtom } from './storage';

export const hotkeysAtom = storedAtom<'on' | 'off'>(STORAGE_KEYS.hotkeys, 'off', (s): s is 'on' => s === 'on');
