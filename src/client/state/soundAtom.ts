/** Whether the player wants sound: on by default, kept in localStorage under `sound`, shared across tabs. */

import { atomWithStorage, createJSONStorage } from 'jotai/utils';

const json = createJSONStorage<boolean>();

/** JSON in localStorage; anything but true or false there counts as the default. */
const storage: typeof json = {
  ...json,
  getItem: (key, initial) => {
    const stored: unknown = json.getItem(key, initial);
    return typeof stored === 'boolean' ? stored : initial;
  },
};

/** Written by the header's sound toggle; read by the audio player. */
export const soundEnabledAtom = atomWithStorage('sound', true, storage, { getOnInit: true });
