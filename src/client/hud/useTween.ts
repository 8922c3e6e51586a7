/** A number that follows its target over a fixed time (the bet amount): renders only while moving. */

import { useEffect, useRef, useState } from 'react';

/** Where a move from `from` to `target` over `durationMs` is `elapsedMs` in (easing out); exactly `target` at the end. */
export function tweenAt(from: number, target: number, elapsedMs: number, durationMs: number): number {
  const t = Math.min(1, Math.max(0, elapsedMs) / durationMs);
  return t === 1 ? target : from + (target - from) * (1 - (1 - t) ** 3);
}

/** The shown value: jumps on the first render and whenever `animate` is false, else moves to each new target over `durationMs`. */
export function useTween(target: number, durationMs: number, animate = true): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  useEffect(() => {
    const from = shownRef.current;
    if (!animate || from === target) {
      shownRef.current = target;
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step() {
      shownRef.current = tweenAt(from, target, performance.now() - start, durationMs);
      setShown(shownRef.current);
      if (shownRef.current !== target) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, animate]);
  return animate ? shown : target;
}
