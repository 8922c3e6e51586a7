/** 'Waiting for the next round' with a countdown and a draining bar while the round is CREATED (the title alone before any round is known). */

import { BitmapText, Container, Sprite, Texture } from 'pixi.js';
import { FONTS } from './fonts';
import { GlyphText } from './GlyphText';
import type { StageWords } from './words';

const BAR_WIDTH = 220;

export class RoundLoader extends Container {
  private readonly title = new BitmapText({ text: '', style: { fontFamily: FONTS.readout, fontSize: 22 }, anchor: 0.5 });
  private readonly countdown = new GlyphText({ text: '', style: { fontFamily: FONTS.readout, fontSize: 40 }, anchor: 0.5, y: 48 });
  private readonly track = new Sprite({ texture: Texture.WHITE, tint: 0x291a4a, x: -BAR_WIDTH / 2, y: 18, width: BAR_WIDTH, height: 8 });
  private readonly bar = new Sprite({ texture: Texture.WHITE, tint: 0xffa300, x: -BAR_WIDTH / 2, y: 18, width: BAR_WIDTH, height: 8 });
  private tenths = -1;
  private decimalSign = '.';

  constructor(words: StageWords) {
    // In the stage's render group, as the readout is (MultiplierReadout.ts): the countdown's glyphs swap
    // textures and the title changes only with the language.
    super();
    this.countdown.tint = 0xffec27;
    this.addChild(this.title, this.track, this.bar, this.countdown);
    this.setWords(words);
  }

  setWords(words: StageWords): void {
    this.title.text = words.waiting;
    this.decimalSign = words.decimalSign;
    this.tenths = -1;
  }

  /** Shows the time left, the bar draining over the betting window; with no round known yet (null), neither. */
  show(countdownMs: number | null, windowMs: number): void {
    const known = countdownMs !== null;
    this.countdown.visible = this.track.visible = this.bar.visible = known;
    if (!known) return;
    const tenths = Math.ceil(countdownMs / 100);
    if (tenths !== this.tenths) {
      this.tenths = tenths;
      this.countdown.text = `${(tenths / 10).toFixed(1).replace('.', this.decimalSign)}s`;
    }
    this.bar.width = BAR_WIDTH * Math.min(1, countdownMs / Math.max(1, windowMs));
  }

  /** Centred in the plot, smaller on a phone. */
  resize(x: number, y: number, width: number): void {
    this.position.set(x, y);
    this.scale.set(Math.min(1.3, Math.max(0.6, width / 560)));
  }

  reset(): void {
    this.tenths = -1;
  }
}
