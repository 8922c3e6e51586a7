/** Loads something a view or an open modal shows (the page's and the console's one fetch hook): again when its inputs change or on reload(). */

import { useCallback, useEffect, useState } from 'react';

type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

/** With no `inputs`, once per mount (a modal mounts its body when it opens). */
export function useLoad<T>(load: () => Promise<T>, inputs: unknown[] = []): [Loaded<T>, () => void] {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setResult({ state: 'done', value }),
      (error: Error) => live && setResult({ state: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
    // `inputs` are what `load` reads; the closure itself changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...inputs, round]);
  return [result, useCallback(() => setRound((n) => n + 1), [])];
}
