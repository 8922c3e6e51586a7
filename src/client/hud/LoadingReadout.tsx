/**
 * The round in words and figures while the stage loads (docs/hud.md "Parts"): the countdown of the
 * betting window, the multiplier in flight, the crash. Written by its own frame loop into the DOM
 * (only when a text changes), as the claim figure is, from the same frame computation the stage
 * draws; a chunk of its own, so the first load carries none of it.
 */

import { useEffect, useRef } from 'react';
import { computeFrame, createFrameState, type FrameState } from '../flight/frame';
import { clockOffsetAtom } from '../state/clockAtom';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { tickAtom } from '../state/tickAtom';
import { t } from '../i18n/i18n';
import { decimalSign, formatRate } from '../i18n/format';

/** The caption and the figure of a frame, as the stage shows them. */
function readout(frame: FrameState): [string, string] {
  switch (frame.phase) {
    case 'waiting':
      return [
        t('stage.waiting'),
        `${(Math.ceil(frame.countdownMs / 100) / 10).toFixed(1).replace('.', decimalSign())}s`,
      ];
    case 'flying':
      return ['', formatRate(frame.shown)];
    case 'crashed':
      return [t('stage.flewAway'), formatRate(frame.shown)];
    default:
      return ['', ''];
  }
}

export default function LoadingReadout() {
  const captionRef = useRef<HTMLSpanElement>(null);
  const figureRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // The nodes as mounted: React detaches the refs when the stage takes over, a frame before this
    // effect's cleanup cancels the loop.
    const [caption, figure] = [captionRef.current!, figureRef.current!];
    const frame = createFrameState();
    let shown = ['', ''];
    let request = requestAnimationFrame(function draw() {
      computeFrame(frame, store.get(roundAtom), store.get(tickAtom), Date.now(), store.get(clockOffsetAtom) ?? 0);
      const next = readout(frame);
      if (next[0] !== shown[0]) caption.textContent = next[0];
      if (next[1] !== shown[1]) figure.textContent = next[1];
      shown = next;
      request = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(request);
  }, []);
  return (
    <p className="stage-loading-readout" data-testid="loading-readout">
      <span ref={captionRef} className="stage-loading-caption" />
      <span ref={figureRef} className="stage-loading-figure" />
    </p>
  );
}
