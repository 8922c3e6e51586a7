/**
 * jsdom has no 2D canvas. Pixi measures and draws bitmap-font glyphs on one, so tests that build
 * BitmapText get this stand-in: text measures 0.6 em per character and drawing does nothing.
 */

const context = new Proxy(
  {
    measureText: (text: string) => ({ width: text.length * 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2, fontBoundingBoxAscent: 8, fontBoundingBoxDescent: 2 }),
    getImageData: (_x: number, _y: number, width: number, height: number) => ({ data: new Uint8ClampedArray(Math.max(1, width * height * 4)) }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    createPattern: () => ({}),
  } as Record<string | symbol, unknown>,
  { get: (target, key) => (key in target ? target[key] : typeof key === 'string' && /^[a-z]/.test(key) ? () => undefined : undefined), set: () => true },
);

HTMLCanvasElement.prototype.getContext = (() => context) as unknown as HTMLCanvasElement['getContext'];

// Pixi asks the 2D context's prototype whether it has letterSpacing when it lays text out.
globalThis.CanvasRenderingContext2D ??= class {} as unknown as typeof CanvasRenderingContext2D;
