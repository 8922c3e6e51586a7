/** The chat's button, and the chat itself once opened: its code and styles load the first time (docs/chat.md "In the page"). */

import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { chatOpenAtom } from '../state/chatOpenAtom';
import { Button } from '../hud/pixel';
import { useT } from '../i18n/i18n';
import './chatDock.css';

const ChatPanel = lazy(() => import('./ChatPanel'));

export function ChatDock() {
  const t = useT();
  const [open, setOpen] = useAtom(chatOpenAtom);
  if (!open)
    return (
      <Button className="chat-toggle" color="purple" aria-expanded={false} onClick={() => setOpen(true)}>
        {t('chat.open')}
      </Button>
    );
  return (
    <Suspense>
      <ChatPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
