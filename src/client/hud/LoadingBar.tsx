/**
 * What the HUD shows over the stage while its bundles load (a handful of renders, never per frame):
 * the progress bar, and the round already readable under it (LoadingReadout), so a player can bet
 * in the first betting window after the page opens.
 */

import { useAtomValue } from 'jotai';
import { lazy, Suspense, useId } from 'react';
import { loadingAtom } from '../state/loadingAtom';
import { useT } from '../i18n/i18n';

const LoadingReadout = lazy(() => import('./LoadingReadout'));

export function LoadingBar() {
  const { progress, done, error } = useAtomValue(loadingAtom);
  const t = useT();
  const title = useId();
  if (done) return null;
  return (
    <div className="stage-loading">
      <div className="stage-loading-title" id={title}>
        {error ?? t('stage.loading')}
      </div>
      <div
        className="stage-loading-track"
        role="progressbar"
        aria-labelledby={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div className="stage-loading-fill" style={{ width: `${Math.round(progress * 100)}%` }} />
      </div>
      <Suspense fallback={null}>
        <LoadingReadout />
      </Suspense>
    </div>
  );
}
