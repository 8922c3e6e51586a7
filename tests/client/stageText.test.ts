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

  it("changes the readout and the countdown without rebuilding the stage's instructions; the axis labels in a render group of their own", () => {
    const stage = new Container({ isRenderGroup: true });
    const scene = new Scene(stageTextures(() => Texture.WHITE), stageWords());
    stage.addChild(scene);
    const texts = (part: Container) => part.children.filter((child) => child instanceof BitmapText || child instanceof GlyphText);
    scene.readout.show(1.23, false, false);
    scene.loader.show(5_000, 10_000);
    // What the renderer does after it built the instructions: a later change to the structure sets it again.
    stage.renderGroup.structureDidChange = false;
    scene.readout.show(1.24, false, false);
    scene.loader.show(4_900, 10_000);
    expect(scene.readout.text).toBe('x1.24');
    expect(stage.renderGroup.structureDidChange).toBe(false);
    // A BitmapText's new text rebuilds its render group's instructions: the axes' labels do that in theirs.
    for (const part of [scene.readout, scene.loader]) {
      expect(texts(part).some((text) => text instanceof GlyphText)).toBe(true);
      for (const text of texts(part)) expect(text.parentRenderGroup).toBe(stage.renderGroup);
    }
    expect(texts(scene.axes).length).toBeGreaterThan(0);
    for (const text of texts(scene.axes)) expect(text.parentRenderGroup).toBe(scene.axes.renderGroup);
    expect(scene.axes.renderGroup).not.toBe(stage.renderGroup);
    expect(scene.curve.parentRenderGroup).toBe(stage.renderGroup);
  });
});
