/** What the page needs to know of the wallet chunk before it loads (docs/wallets.md "The wallet chunk"). */

import { atom } from 'jotai';
import { STORAGE_KEYS } from '../../shared/constants';
import { readStored } from './storage';

/** The wallet chunk loads once this is true: a stored `walletName` asks for auto-connect, or the profile modal opened. */
export const walletWantedAtom = atom(readStored(STORAGE_KEYS.walletName) !== null);

/** The element the profile modal keeps for the wallet's part; the wallet chunk renders into it. */
export const walletSlotAtom = atom<HTMLElement | null>(null);
