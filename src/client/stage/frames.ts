/**
 * Every sprite frame the stage expects, by bundle. The drawing script, `npm run sprites:check` and
 * sprites/README.md follow this list; artists replace the PNGs in sprites/<bundle>/ keeping names and sizes.
 */

export interface FrameSpec {
  /** File name without extension; animations add `-0`, `-1`, ... */
  name: string;
  width: number;
  height: number;
  /** Where the sprite is held, as fractions of its size. */
  anchor: { x: number; y: number };
  /** Animation frames (1 for a still). */
  frames: number;
  /** What it is, for the artist. */
  about: string;
}

/** Bundles in load order: the space backdrop, then the rocket and its effects. */
export const BUNDLES = {
  space: [
    {
      name: 'star',
      width: 8,
      height: 8,
      anchor: { x: 0.5, y: 0.5 },
      frames: 1,
      about: 'one star of the parallax layers (tinted and scaled per layer)',
    },
    {
      name: 'planet-ringed',
      width: 128,
      height: 96,
      anchor: { x: 0.5, y: 0.5 },
      frames: 1,
      about: 'far ringed gas giant',
    },
    {
      name: 'planet-red',
      width: 96,
      height: 96,
      anchor: { x: 0.5, y: 0.5 },
      frames: 1,
      about: 'middle red desert planet',
    },
    { name: 'planet-ice', width: 64, height: 64, anchor: { x: 0.5, y: 0.5 }, frames: 1, about: 'near ice moon' },
    {
      name: 'asteroid',
      width: 32,
      height: 32,
      anchor: { x: 0.5, y: 0.5 },
      frames: 2,
      about: 'tumbling rocks (variants, not an animation)',
    },
    {
      name: 'mark',
      width: 48,
      height: 8,
      anchor: { x: 1, y: 0.5 },
      frames: 1,
      about: 'shooting-star streak, head at the right',
    },
  ],
  rocket: [
    {
      name: 'rocket',
      width: 64,
      height: 32,
      anchor: { x: 0.5, y: 0.5 },
      frames: 1,
      about: 'the rocket, nose pointing right',
    },
    {
      name: 'flame',
      width: 32,
      height: 16,
      anchor: { x: 1, y: 0.5 },
      frames: 4,
      about: 'exhaust flame, attached at its right edge to the nozzle',
    },
    {
      name: 'blast',
      width: 64,
      height: 64,
      anchor: { x: 0.5, y: 0.5 },
      frames: 6,
      about: 'the crash burst, played once',
    },
  ],
} satisfies Record<string, FrameSpec[]>;

export type BundleName = keyof typeof BUNDLES;

/** File names (`flame-0.png`) of one frame spec, which are also the texture names in the atlas. */
export function frameFiles(spec: FrameSpec): string[] {
  if (spec.frames === 1) return [`${spec.name}.png`];
  return Array.from({ length: spec.frames }, (_, index) => `${spec.name}-${index}.png`);
}

const SPECS = new Map<string, FrameSpec>(
  Object.values(BUNDLES).flatMap((specs) => specs.map((spec) => [spec.name, spec])),
);

/** The spec of a frame by name; a name not in BUNDLES is a bug in the stage. */
export function frameSpec(name: string): FrameSpec {
  const spec = SPECS.get(name);
  if (!spec) throw new Error(`no sprite frame named "${name}" in frames.ts`);
  return spec;
}

/** Where the stage holds a frame, as fractions of its size. */
export function anchorOf(name: string): { x: number; y: number } {
  return frameSpec(name).anchor;
}
