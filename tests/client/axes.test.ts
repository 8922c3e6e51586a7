// @vitest-environment jsdom
import './canvasShim';
import { BitmapText } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { Axes } from '../../src/client/stage/Axes';
import { plotBox, type PlotBox } from '../../src/client/stage/plot';

const PHONE = plotBox(360, 220);
const DESKTOP = plotBox(1000, 500);

/** The visible rate labels, bottom to top, after drawing a window up to `maxRate`. */
function rateLabels(maxRate: number, box: PlotBox): BitmapText[] {
  const axes = new Axes();
  axes.resize(box);
  axes.draw({ maxMs: 10_000, maxRate }, box);
  return axes.children.filter(
    (child): child is BitmapText => child instanceof BitmapText && child.visible && child.text.endsWith('x'),
  );
}

const texts = (labels: BitmapText[]) => labels.map((label) => label.text);

describe('the rate axis', () => {
  it('puts its ticks at round multiples of the step, never at 1 + k·step', () => {
    expect(texts(rateLabels(7, DESKTOP))).toEqual(['2x', '4x', '6x']);
    expect(texts(rateLabels(23, DESKTOP))).toEqual(['10x', '20x']);
    expect(texts(rateLabels(13.5, PHONE))).toEqual(['5x', '10x']);
    expect(texts(rateLabels(2, DESKTOP))).toEqual(['1.5x', '2x']);
  });

  it('keeps every label inside the plot, the top one too', () => {
    for (const box of [PHONE, DESKTOP]) {
      for (let maxRate = 2; maxRate < 200; maxRate *= 1.07) {
        for (const label of rateLabels(maxRate, box)) {
          expect(label.y - label.style.fontSize / 2).toBeGreaterThanOrEqual(box.top);
          expect(label.y).toBeLessThanOrEqual(box.top + box.height);
        }
      }
    }
  });
});
