/**
 * All Bets: the number of bets in the current round, counting to each new value over 0.5 s (docs/spec.md §2).
 * The number is written by its own frame loop straight into the DOM node (only when the shown number
 * changes), as the claim figure is, never through a React render: in a busy betting window bets arrive
 * dozens a second, and a render of the counter every frame took the main thread from the stage.
 */

import { useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { BETS_COUNTER_ANIMATION_MS } from '../../../shared/constants';
import { betsAtom } from '../../state/betsAtom';
import { tweenAt } from '../useTween';
import { useT } from '../../i18n/i18n';

export function BetsCounter() {
  const t = useT();
  const store = useStore();
  const valueRef = useRef<HTMLSpanElement>(null);
  // The first number is rendered (the prerendered shell shows it too); the loop below writes the rest.
  const [first] = useState(() => store.get(betsAtom).length);
  useEffect(() => {
    const node = valueRef.current!;
    const count = () => store.get(betsAtom).length;
    let target = count();
    let from = target;
    let value = target;
    let startedAt = 0;
    let request = 0;
    let shown = String(target);
    node.textContent = shown;
    const step = () => {
      value = tweenAt(from, target, performance.now() - startedAt, BETS_COUNTER_ANIMATION_MS);
      const text = String(Math.round(value));
      if (text !== shown) node.textContent = shown = text;
      request = value === target ? 0 : requestAnimationFrame(step);
    };
    const unsubscribe = store.sub(betsAtom, () => {
      const next = count();
      if (next === target) return;
      from = value;
      target = next;
      startedAt = performance.now();
      if (request === 0) request = requestAnimationFrame(step);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(request);
    };
  }, [store]);
  return (
    <div className="bets-counter">
      <span>{t('bets.allBets')}</span>
      <span ref={valueRef} className="bets-counter-value" data-testid="bets-count">
        {first}
      </span>
    </div>
  );
}
