/** Whether the chat is open (docs/chat.md "In the page"); its code loads the first time it is. */

import { atom } from 'jotai';

export const chatOpenAtom = atom(false);
