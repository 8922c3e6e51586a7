// @vitest-environment jsdom
import './canvasShim';
import { BitmapText, Container, Texture } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { splitGraphemes } from '../../src/client/stage/fonts';
import { GlyphText } from '../../src/client/stage/GlyphText';
import { Scene } from '../../src/client/stage/Scene';
import { stageTextures } from '../../src/client/stage/textures';
import { stageWords } from '../../src/client/stage/words';

describe('stage text changes stay cheap', () => {
  it('splits printable ASCII by character and anything else by grapheme cluster', () => {
    expect(splitGraphemes('x12.34')).toEqual(['x', '1', '2', '.', '3', '4']);
    expect(splitGraphemes('')).toEqual([]);
    expect(splitGraphemes('e\u0301x')).toEqual(['e\u0301', 'x']);
    expect(splitGraphemes('\u{1F469}\u200D\u{1F4BB}!')).toEqual(['\u{1F469}\u200D\u{1F4BB}', '!']);
  });

  it("puts the readout, the countdown and the axis labels in their part's render group, not the stage's", () => {
    const stage = new Container({ isRenderGroup: true });
    const scene = new Scene(stageTextures(() => Texture.WHITE), stageWords());
    stage.addChild(scene);
    const texts = (part: Container) => part.children.filter((child) => child instanceof BitmapText || child instanceof GlyphText);
    for (const part of [scene.readout, scene.loader, scene.axes]) {
      expect(texts(part).length).toBeGreaterThan(0);
      for (const text of texts(part)) expect(text.parentRenderGroup).toBe(part.renderGroup);
      expect(part.renderGroup).not.toBe(stage.renderGroup);
    }
    expect(scene.curve.parentRenderGroup).toBe(stage.renderGroup);
  });
});
