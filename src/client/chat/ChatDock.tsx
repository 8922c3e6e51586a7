/** The chat once opened from its chip in the header or the menu: its code and styles load the first time (docs/chat.md "In the page"). */

import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { chatOpenAtom } from '../state/chatOpenAtom';

const ChatPanel = lazy(() => import('./ChatPanel'));

export function ChatDock() {
  const [open, setOpen] = useAtom(chatOpenAtom);
  if (!open) return null;
  return (
    <Suspense>
      <ChatPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
