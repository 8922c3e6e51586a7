/** A number that follows its target over a fixed time (the All Bets counter, the bet amount): renders only while moving. */

import { useEffect, useRef, useState } from 'react';

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
      const t = Math.min(1, Math.max(0, performance.now() - start) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      shownRef.current = t === 1 ? target : from + (target - from) * eased;
      setShown(shownRef.current);
      if (t < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, animate]);
  return animate ? shown : target;
}
