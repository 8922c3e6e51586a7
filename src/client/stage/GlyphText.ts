/**
 * A line of text in an installed bitmap font, drawn as one sprite per glyph. Pixi's BitmapText
 * rebuilds a Graphics context and its geometry, and its render group's instructions, whenever the
 * text changes; here a change swaps glyph textures and moves sprites, so the multiplier readout can
 * change every frame at almost no cost. Glyphs sit exactly where BitmapText puts them (its layout,
 * rounding, padding, anchor and tint) for a style without stroke or lineHeight, which the stage's texts
 * do not use.
 */

import { BitmapFontManager, Container, Sprite, TextStyle, type TextStyleOptions } from 'pixi.js';

interface GlyphTextOptions {
  text: string;
  style: TextStyleOptions;
  /** 0.5 centres the line on the position (both axes). */
  anchor?: number;
  y?: number;
}

export class GlyphText extends Container {
  /** Changing it (fontSize on resize) lays the glyphs out again. */
  readonly style: TextStyle;
  private readonly glyphs: Sprite[] = [];
  private readonly anchor: number;
  private shown = '';

  constructor({ text, style, anchor = 0, y = 0 }: GlyphTextOptions) {
    super({ y });
    this.style = new TextStyle(style);
    this.anchor = anchor;
    this.style.on('update', () => this.layout());
    this.text = text;
  }

  get text(): string {
    return this.shown;
  }

  set text(value: string) {
    if (value === this.shown) return;
    this.shown = value;
    this.layout();
  }

  /** BitmapText's drawing (AbstractBitmapTextPipe._updateContext) for one line, with sprites. */
  private layout(): void {
    const style = this.style;
    const font = BitmapFontManager.getFont(this.shown, style);
    const layout = BitmapFontManager.getLayout(this.shown, style);
    const { scale } = layout;
    // In font units, like the glyph positions: Pixi's context scales its translation too.
    const left = -this.anchor * layout.width - style.padding;
    const top = -this.anchor * (layout.height + layout.offsetY) - style.padding;
    const shift = (font.lineHeight - font.fontMetrics.fontSize) / 2;
    const lift = shift - font.baseLineOffset < 0 ? 0 : shift;
    const tint = font.applyFillAsTint ? style._fill.color : 0xffffff;
    const line = layout.lines[0];
    let used = 0;
    for (let index = 0; line && index < line.chars.length; index += 1) {
      const glyph = font.chars[line.chars[index]!];
      if (!glyph?.texture) continue;
      const sprite = this.glyph(used);
      used += 1;
      sprite.texture = glyph.texture;
      sprite.tint = tint;
      sprite.scale.set(scale);
      sprite.position.set(
        scale * (left + Math.round(line.charPositions[index]! + glyph.xOffset)),
        scale * (top + Math.round(font.baseLineOffset + glyph.yOffset + lift)),
      );
      sprite.visible = true;
    }
    for (let index = used; index < this.glyphs.length; index += 1) this.glyphs[index]!.visible = false;
  }

  private glyph(index: number): Sprite {
    let sprite = this.glyphs[index];
    if (!sprite) {
      sprite = new Sprite();
      this.glyphs.push(sprite);
      this.addChild(sprite);
    }
    return sprite;
  }
}
