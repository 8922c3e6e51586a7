/** Loads something for an open modal: the answer, the error message, or still loading. */

import { useEffect, useState } from 'react';

type Requested<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

/** Runs `load` once per mount (a modal mounts its body when it opens). */
export function useRequest<T>(load: () => Promise<T>): Requested<T> {
  const [result, setResult] = useState<Requested<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setResult({ state: 'done', value }),
      (error: Error) => live && setResult({ state: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
    // Once per opening, whatever the caller's closure is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return result;
}
