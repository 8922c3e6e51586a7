/** The big xN.NN readout (glyph sprites: it changes nearly every frame), the FLEW AWAY caption and the lag notice (BitmapText). */

import { BitmapText, Container } from 'pixi.js';
import { FONTS } from './fonts';
import { GlyphText } from './GlyphText';
import type { StageWords } from './words';

const COLORS = { flying: 0xffffff, crashed: 0xff004d, lag: 0x83769c } as const;

export class MultiplierReadout extends Container {
  readonly value = new GlyphText({ text: 'x1.00', style: { fontFamily: FONTS.readout, fontSize: 72 }, anchor: 0.5 });
  readonly caption = new BitmapText({ text: '', style: { fontFamily: FONTS.readout, fontSize: 30 }, anchor: 0.5, visible: false });
  readonly notice = new BitmapText({ text: '', style: { fontFamily: FONTS.label, fontSize: 14 }, anchor: 0.5, visible: false });
  private hundredths = 100;
  private decimalSign = '.';

  constructor(words: StageWords) {
    // In the stage's render group: a new value swaps glyph textures of one font page, which rebuilds
    // no instructions; its own group would cost a draw, a batch break and a uniform push every frame.
    super();
    this.caption.tint = COLORS.crashed;
    this.notice.tint = COLORS.lag;
    this.addChild(this.caption, this.value, this.notice);
    this.setWords(words);
  }

  setWords(words: StageWords): void {
    this.caption.text = words.flewAway;
    this.notice.text = words.serverLate;
    this.decimalSign = words.decimalSign;
    this.value.text = this.format(this.hundredths);
  }

  private format(hundredths: number): string {
    return `x${(hundredths / 100).toFixed(2).replace('.', this.decimalSign)}`;
  }

  /** Shows a multiplier; the text changes only when the hundredths do. */
  show(rate: number, crashed: boolean, lag: boolean): void {
    const hundredths = Math.round(rate * 100);
    if (hundredths !== this.hundredths) {
      this.hundredths = hundredths;
      this.value.text = this.format(hundredths);
    }
    this.value.tint = crashed ? COLORS.crashed : lag ? COLORS.lag : COLORS.flying;
    this.caption.visible = crashed;
    this.notice.visible = lag && !crashed;
  }

  /** Centred at (x, y) in a font `size` px tall; FLEW AWAY goes above the value unless `captionBelow`. */
  resize(x: number, y: number, size: number, captionBelow: boolean): void {
    this.position.set(x, y);
    this.value.style.fontSize = size;
    this.caption.style.fontSize = size * 0.42;
    this.caption.y = size * 0.82 * (captionBelow ? 1 : -1);
    this.notice.y = size * 0.7;
  }

  /** The text on screen, for tests. */
  get text(): string {
    return this.value.text;
  }

  reset(): void {
    this.show(1, false, false);
  }
}
