/** A request the profile modal runs: its loading state and its typed message (docs/spec.md §4). */

import { useCallback, useState } from 'react';
import { PlayerError, TEXT, type Message } from './messages';

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const run = useCallback(async (action: () => Promise<string | void>) => {
    setBusy(true);
    setMessage(null);
    try {
      const success = await action();
      if (success) setMessage({ type: 'success', text: success });
    } catch (error) {
      if (!(error instanceof PlayerError)) console.error(error);
      setMessage({ type: 'error', text: error instanceof PlayerError ? error.message : TEXT.errorOccurred });
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, message, run };
}
