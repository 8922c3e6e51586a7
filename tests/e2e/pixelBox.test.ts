import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TILES } from '../../src/client/pixel/tiles';
import { openBrowser, type Browser } from './browser';

/** The kit's own CSS with one tile inlined, drawn at two sizes: the nine-slice must keep its corners pixel for pixel. */
describe('a pixel box in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** RGB of the pixels of a w x h region of an RGBA image, as one string per row. */
  async function region(png: Buffer, left: number, top: number, width: number, height: number): Promise<string[]> {
    const { data, info } = await sharp(png)
      .extract({ left, top, width, height })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Array.from({ length: info.height }, (_, row) =>
      data.subarray(row * info.width * 3, (row + 1) * info.width * 3).toString('hex'),
    );
  }

  it('keeps the 15px corners of the tile sheet at any size and fills the middle from it', async () => {
    const spec = UI_TILES.find((tile) => tile.name === 'box-default')!;
    const tile = readFileSync('sprites/ui/box-default.png');
    const css = readFileSync('src/client/pixel/pixel.css', 'utf8');
    const box = (id: string, width: number, height: number) =>
      `<div id="${id}" class="px-tile px-box" style="position:absolute;top:${id === 'small' ? 10 : 200}px;left:10px;width:${width}px;height:${height}px;padding:0;--px-image:url(data:image/png;base64,${tile.toString('base64')});--px-slice:${spec.corner!.y} ${spec.corner!.x};--px-corner:${spec.corner!.y}px ${spec.corner!.x}px"></div>`;
    await browser.page.setContent(
      `<style>${css} body{margin:0;background:#0b0820}</style>${box('small', 60, 90)}${box('large', 301, 137)}`,
    );
    await browser.page.waitForFunction(() => document.querySelectorAll('.px-box').length === 2);
    const sheet = await sharp(tile).flatten({ background: '#0b0820' }).png().toBuffer();
    const corner = spec.corner!.x;
    for (const id of ['small', 'large']) {
      const shot = await browser.page.locator(`#${id}`).screenshot();
      const { width = 0, height = 0 } = await sharp(shot).metadata();
      // Each corner of the box is the matching corner of the sheet, unscaled.
      expect(await region(shot, 0, 0, corner, corner), `${id} top-left`).toEqual(
        await region(sheet, 0, 0, corner, corner),
      );
      expect(await region(shot, width - corner, height - corner, corner, corner), `${id} bottom-right`).toEqual(
        await region(sheet, spec.width - corner, spec.height - corner, corner, corner),
      );
      // The middle is the sheet's centre colour (the fill), the top edge between the corners its top edge.
      expect(await region(shot, Math.floor(width / 2), Math.floor(height / 2), 1, 1)).toEqual(
        await region(sheet, 22, 22, 1, 1),
      );
      expect(await region(shot, Math.floor(width / 2), 0, 1, corner)).toEqual(await region(sheet, 22, 0, 1, corner));
    }
  });
});
