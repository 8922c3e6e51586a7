/** The game's sounds, each a small recipe of chip-tune oscillators and noise. */

import { SOUND_LENGTHS, type SoundName } from '../../src/client/audio/soundSprite';
import { fadeEnds, lowpass, noiseSource, normalise, pulse, render, SAMPLE_RATE, sine, triangle } from './synth';

/** A click: a falling square blip. */
function click(): Float32Array {
  let phase = 0;
  return render(SOUND_LENGTHS.click, (t) => {
    phase += (1500 - 9000 * t) / SAMPLE_RATE;
    return pulse(phase) * Math.exp(-t / 0.015);
  });
}

/** A bet: two rising coin notes (B5, E6). */
function bet(): Float32Array {
  return render(SOUND_LENGTHS.bet, (t) => {
    const second = t >= 0.08;
    const start = second ? 0.08 : 0;
    const note = second ? 1318.5 : 987.8;
    return pulse((t - start) * note, 0.25) * Math.exp(-(t - start) / (second ? 0.09 : 0.05));
  });
}

/** The launch: ignition noise opening up with a rising rumble. */
function launch(): Float32Array {
  const length = SOUND_LENGTHS.launch / 1000;
  const noise = noiseSource(7);
  const hiss = lowpass(
    render(SOUND_LENGTHS.launch, () => noise()),
    (t) => 250 + 3800 * (t / length) ** 1.5,
  );
  let phase = 0;
  return render(SOUND_LENGTHS.launch, (t, index) => {
    phase += (60 + 160 * (t / length)) / SAMPLE_RATE;
    const envelope = Math.min(1, t / 0.15) * Math.min(1, (length - t) / 0.6);
    return ((hiss[index] ?? 0) * 1.6 + triangle(phase) * 0.5) * envelope;
  });
}

/**
 * The engine: one second of a low pulse rumble with throttled hiss. Every part repeats a whole
 * number of times a second (50 Hz, 100 Hz, 12 Hz throb) and the noise is filtered circularly, so
 * the period ends exactly where it starts and loops without a seam.
 */
function enginePeriod(): Float32Array {
  const noise = noiseSource(11);
  const hiss = lowpass(
    render(SOUND_LENGTHS.engine, () => noise()),
    () => 900,
    true,
  );
  const body = lowpass(
    render(SOUND_LENGTHS.engine, (t) => pulse(t * 50, 0.3) + 0.5 * pulse(t * 100, 0.5)),
    () => 700,
    true,
  );
  return render(
    SOUND_LENGTHS.engine,
    (t, index) => ((body[index] ?? 0) + (hiss[index] ?? 0) * 1.4) * (1 + 0.35 * sine(t * 12)),
  );
}

/** The cash-out: a C-major arpeggio up to a held, shimmering top note. */
function cashout(): Float32Array {
  const notes = [1046.5, 1318.5, 1568, 2093];
  return render(SOUND_LENGTHS.cashout, (t) => {
    const step = Math.min(notes.length - 1, Math.floor(t / 0.07));
    const since = t - step * 0.07;
    const note = notes[step] ?? 2093;
    const vibrato = step === notes.length - 1 ? 1 + 0.006 * sine(since * 9) : 1;
    const decay = step === notes.length - 1 ? Math.exp(-since / 0.22) : Math.exp(-since / 0.06);
    return (pulse(since * note * vibrato, 0.5) * 0.8 + triangle(since * note * 2) * 0.3) * decay;
  });
}

/** The crash: a crunchy explosion (noise held at 8 kHz, darkening) over a falling thump. */
function crash(): Float32Array {
  const noise = noiseSource(23);
  let held = 0;
  const crunch = render(SOUND_LENGTHS.crash, (_t, index) => (index % 6 === 0 ? (held = noise()) : held));
  const boom = lowpass(crunch, (t) => 300 + 5500 * Math.exp(-t / 0.18));
  let phase = 0;
  return render(SOUND_LENGTHS.crash, (t, index) => {
    phase += (30 + 70 * Math.exp(-t / 0.12)) / SAMPLE_RATE;
    const envelope = Math.min(1, t / 0.004) * Math.exp(-t / 0.38);
    return ((boom[index] ?? 0) * 2.2 + sine(phase) * Math.exp(-t / 0.25)) * envelope;
  });
}

/** Every sound at its loudness, ready to place in the sprite. */
export function voices(): Record<SoundName, Float32Array> {
  return {
    bet: fadeEnds(normalise(bet(), 0.5)),
    launch: fadeEnds(normalise(launch(), 0.7)),
    engine: normalise(enginePeriod(), 0.45),
    cashout: fadeEnds(normalise(cashout(), 0.5)),
    crash: fadeEnds(normalise(crash(), 0.85)),
    click: fadeEnds(normalise(click(), 0.35), 1, 10),
  };
}
