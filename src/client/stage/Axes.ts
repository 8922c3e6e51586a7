/** The rate axis (left) and time axis (bottom) whose ticks rescale as the curve's window grows. */

import { BitmapText, Container, Sprite, Texture } from 'pixi.js';
import { FONTS } from './fonts';
import type { StageWords } from './words';
import { niceStep, plotX, plotY, type PlotBox, type PlotView } from './plot';

const TICKS = 6;
const LABEL_SIZE = 12;
const AXIS_COLOR = 0x83769c;

interface Tick {
  mark: Sprite;
  label: BitmapText;
  value: number;
}

export class Axes extends Container {
  private readonly rateAxis = new Sprite({ texture: Texture.WHITE, tint: AXIS_COLOR, alpha: 0.6 });
  private readonly timeAxis = new Sprite({ texture: Texture.WHITE, tint: AXIS_COLOR, alpha: 0.6 });
  private readonly rateTicks: Tick[] = [];
  private readonly timeTicks: Tick[] = [];
  /** The language's decimal sign: `1,5x` in Spanish and Russian. */
  private decimalSign = '.';

  constructor() {
    // Its own render group: a text change rebuilds this group's few instructions, not the whole stage's.
    super({ isRenderGroup: true });
    this.addChild(this.rateAxis, this.timeAxis);
    for (let index = 0; index < TICKS; index += 1) {
      this.rateTicks.push(this.makeTick(1, 0.5, 4, 2));
      this.timeTicks.push(this.makeTick(0.5, 0, 2, 4));
    }
  }

  /** The page's language changed: every label is written again with its decimal sign. */
  setWords(words: StageWords): void {
    this.decimalSign = words.decimalSign;
    for (const tick of [...this.rateTicks, ...this.timeTicks]) tick.value = Number.NaN;
  }

  /** Places the axes for a box (on resize). */
  resize(box: PlotBox): void {
    const bottom = box.top + box.height;
    this.rateAxis.position.set(box.left - 2, box.top);
    this.rateAxis.setSize(2, box.height + 2);
    this.timeAxis.position.set(box.left - 2, bottom);
    this.timeAxis.setSize(box.width + 2, 2);
  }

  /**
   * Moves ticks for the current window, rate ticks at round multiples of the step (2x, 4x, 6x); a
   * label at the top edge slides down to stay inside the plot. Labels change text only when their value changes.
   */
  draw(view: PlotView, box: PlotBox): void {
    const bottom = box.top + box.height;
    const rateStep = niceStep(view.maxRate - 1, box.height < 200 ? 3 : 4);
    const firstMultiple = Math.floor(1 / rateStep) + 1;
    for (let index = 0; index < TICKS; index += 1) {
      const tick = this.rateTicks[index]!;
      const value = rateStep * (firstMultiple + index);
      const y = plotY(value, view, box);
      this.placeTick(tick, value, y >= box.top - 0.5, box.left - 6, Math.max(y, box.top + LABEL_SIZE / 2), 'rate');
      tick.mark.position.set(box.left - 6, y - 1);
    }
    const secondsStep = niceStep(view.maxMs / 1000, box.width < 300 ? 3 : 5);
    for (let index = 0; index < TICKS; index += 1) {
      const tick = this.timeTicks[index]!;
      const value = secondsStep * (index + 1);
      const x = plotX(value * 1000, view, box);
      this.placeTick(tick, value, value * 1000 <= view.maxMs, x, bottom + 6, 'time');
      tick.mark.position.set(x - 1, bottom + 2);
    }
  }

  private placeTick(tick: Tick, value: number, visible: boolean, x: number, y: number, kind: 'rate' | 'time'): void {
    tick.mark.visible = tick.label.visible = visible;
    if (!visible) return;
    if (tick.value !== value) {
      tick.value = value;
      const text = trim(value).replace('.', this.decimalSign);
      tick.label.text = kind === 'rate' ? `${text}x` : `${text}s`;
    }
    tick.label.position.set(kind === 'rate' ? x - 4 : x, y);
  }

  private makeTick(anchorX: number, anchorY: number, width: number, height: number): Tick {
    const mark = new Sprite({ texture: Texture.WHITE, tint: AXIS_COLOR, alpha: 0.6, width, height });
    const label = new BitmapText({
      text: '',
      style: { fontFamily: FONTS.label, fontSize: LABEL_SIZE, fill: 0xc2c3c7 },
      anchor: { x: anchorX, y: anchorY },
    });
    this.addChild(mark, label);
    return { mark, label, value: Number.NaN };
  }
}

/** 1.5 -> "1.5", 2 -> "2", 0.25 -> "0.25": as few decimals as the value needs. */
function trim(value: number): string {
  return String(Math.round(value * 100) / 100);
}
