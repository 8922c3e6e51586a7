/** 'Waiting for the next round' with a countdown and a draining bar while the round is CREATED. */

import { BitmapText, Container, Sprite, Texture } from 'pixi.js';
import { FONTS } from './fonts';

const BAR_WIDTH = 220;

export class RoundLoader extends Container {
  private readonly title = new BitmapText({ text: 'Waiting for the next round', style: { fontFamily: FONTS.readout, fontSize: 22 }, anchor: 0.5 });
  private readonly countdown = new BitmapText({ text: '', style: { fontFamily: FONTS.readout, fontSize: 40 }, anchor: 0.5, y: 48 });
  private readonly track = new Sprite({ texture: Texture.WHITE, tint: 0x291a4a, x: -BAR_WIDTH / 2, y: 18, width: BAR_WIDTH, height: 8 });
  private readonly bar = new Sprite({ texture: Texture.WHITE, tint: 0xffa300, x: -BAR_WIDTH / 2, y: 18, width: BAR_WIDTH, height: 8 });
  private tenths = -1;

  constructor() {
    super();
    this.countdown.tint = 0xffec27;
    this.addChild(this.title, this.track, this.bar, this.countdown);
  }

  /** Shows the time left; the bar drains over the betting window. */
  show(countdownMs: number, windowMs: number): void {
    const tenths = Math.ceil(countdownMs / 100);
    if (tenths !== this.tenths) {
      this.tenths = tenths;
      this.countdown.text = `${(tenths / 10).toFixed(1)}s`;
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
