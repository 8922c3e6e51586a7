/**
 * What cashing out now would pay, written by its own frame loop straight into the DOM node (only
 * when the shown text changes), never through a React render (docs/architecture.md "From the server to the pixels").
 */

import { useEffect, useRef } from 'react';
import { winAmount } from '../../../shared/betPolicy';
import { formatCoins } from '../../i18n/format';
import { computeFrame, createFrameState } from '../../flight/frame';
import { clockOffsetAtom } from '../../state/clockAtom';
import { roundAtom } from '../../state/roundAtom';
import { store } from '../../state/store';
import { tickAtom } from '../../state/tickAtom';

/** The text for a bet of `amount` hundredths cashed out at `rate`. */
function claimText(amount: number, rate: number): string {
  return `${formatCoins(winAmount(amount, rate))} $`;
}

export function ClaimFigure({ amount }: { amount: number }) {
  const nodeRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const frame = createFrameState();
    let shown = '';
    let request = requestAnimationFrame(function draw() {
      computeFrame(frame, store.get(roundAtom), store.get(tickAtom), Date.now(), store.get(clockOffsetAtom) ?? 0);
      const text = claimText(amount, frame.shown);
      if (text !== shown && nodeRef.current) {
        nodeRef.current.textContent = text;
        shown = text;
      }
      request = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(request);
  }, [amount]);
  return <span ref={nodeRef} className="bet-main-sub bet-claim-figure" data-testid="claim-figure" />;
}
