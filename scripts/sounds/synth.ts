/** A tiny deterministic synthesiser: oscillators, seeded noise, envelopes and one-pole filters over Float32 samples. */

import { seededRandom } from '../../src/client/stage/random';

export const SAMPLE_RATE = 48000;

export function samples(ms: number): number {
  return Math.round((ms * SAMPLE_RATE) / 1000);
}

/** Seeded noise in [-1, 1): the same on every run (the stage's mulberry32). */
export function noiseSource(seed: number): () => number {
  const random = seededRandom(seed);
  return () => random() * 2 - 1;
}

/** A pulse wave (duty 0.5 is a square) at `phase` cycles. */
export function pulse(phase: number, duty = 0.5): number {
  return phase - Math.floor(phase) < duty ? 1 : -1;
}

export function triangle(phase: number): number {
  const p = phase - Math.floor(phase);
  return 4 * Math.abs(p - 0.5) - 1;
}

export function sine(phase: number): number {
  return Math.sin(2 * Math.PI * phase);
}

/** Renders `ms` of sound from a function of (seconds, sample index). */
export function render(ms: number, voice: (t: number, index: number) => number): Float32Array {
  const out = new Float32Array(samples(ms));
  for (let index = 0; index < out.length; index += 1) out[index] = voice(index / SAMPLE_RATE, index);
  return out;
}

/** A one-pole low-pass whose cutoff (Hz) may change per sample. */
export function lowpass(input: Float32Array, cutoff: (t: number) => number, circular = false): Float32Array {
  const out = new Float32Array(input.length);
  let y = 0;
  // A circular filter runs the period twice and keeps the second pass, so its end meets its start.
  for (let pass = circular ? 0 : 1; pass < 2; pass += 1) {
    for (let index = 0; index < input.length; index += 1) {
      const a = 1 - Math.exp((-2 * Math.PI * cutoff(index / SAMPLE_RATE)) / SAMPLE_RATE);
      y += a * ((input[index] ?? 0) - y);
      out[index] = y;
    }
  }
  return out;
}

/** Scales a sound so its loudest sample is `peak`. */
export function normalise(sound: Float32Array, peak: number): Float32Array {
  let max = 0;
  for (const value of sound) max = Math.max(max, Math.abs(value));
  return max === 0 ? sound : sound.map((value) => (value / max) * peak);
}

/** Short fades at both ends so a one-shot never starts or stops with a click. */
export function fadeEnds(sound: Float32Array, inMs = 3, outMs = 12): Float32Array {
  const fadeIn = samples(inMs);
  const fadeOut = samples(outMs);
  return sound.map((value, index) => value * Math.min(1, index / fadeIn, (sound.length - 1 - index) / fadeOut));
}

/** 16-bit mono PCM WAV bytes. */
export function wav(sound: Float32Array): Buffer {
  const data = Buffer.alloc(sound.length * 2);
  sound.forEach((value, index) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), index * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
