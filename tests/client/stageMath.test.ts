import { describe, expect, it } from 'vitest';
import { MAX_EXTRAPOLATION_MS } from '../../src/shared/constants';
import { rateAt } from '../../src/shared/growth';
import { computeFrame, createFrameState, type FrameState } from '../../src/client/flight/frame';
import { FrameMeter } from '../../src/client/stage/FrameMeter';
import { fitView, MIN_VIEW, niceStep, plotBox, plotX, plotY } from '../../src/client/stage/plot';
import {
  cappedResolution,
  QUALITY_LEVELS,
  QualityGovernor,
  WARMUP_FRAMES,
} from '../../src/client/stage/QualityGovernor';
import { INITIAL_ROUND, type RoundState } from '../../src/client/state/roundAtom';
import { INITIAL_TICK, type TickState } from '../../src/client/state/tickAtom';

const round = (startedAt: number): RoundState => ({ ...INITIAL_ROUND, gameId: '1', state: 'STARTED', startedAt });
const tick = (confirmedMs: number, rate = 1, everyMs = INITIAL_TICK.everyMs): TickState => ({
  gameId: '1',
  confirmedMs,
  rate,
  everyMs,
});
/** The frame of a round started at `startedAt` whose last tick confirmed `confirmedMs` at `rate`. */
const flying = (frame: FrameState, startedAt: number, confirmedMs: number, now: number, offset: number, rate = 1) =>
  computeFrame(frame, round(startedAt), tick(confirmedMs, rate), now, offset);

describe('frame extrapolation', () => {
  it('extrapolates along the growth curve using the server clock offset', () => {
    const frame = flying(createFrameState(), 10_000, 4900, 4_000, 11_000);
    expect(frame.phase).toBe('flying');
    expect(frame.elapsedMs).toBe(5000);
    expect(frame.rate).toBeCloseTo(rateAt(5000));
    expect(frame.lag).toBe(false);
  });

  it(`never runs more than ${MAX_EXTRAPOLATION_MS} ms past the last confirmed tick, then reports lag`, () => {
    const frame = flying(createFrameState(), 0, 2000, 9000, 0);
    expect(frame.elapsedMs).toBe(2000 + MAX_EXTRAPOLATION_MS);
    expect(frame.lag).toBe(true);
  });

  it('waits for a thinned stream\'s promised GAME_RATE as long past its interval as for a tick before reporting lag', () => {
    const thinned = (now: number) => computeFrame(createFrameState(), round(0), tick(2000, 1, 1000), now, 0);
    expect(thinned(2000 + 1000 + 150)).toMatchObject({ elapsedMs: 3150, lag: false });
    const late = thinned(9000);
    expect(late.elapsedMs).toBe(2000 + 1000 - INITIAL_TICK.everyMs + MAX_EXTRAPOLATION_MS);
    expect(late.lag).toBe(true);
  });

  it('never moves backwards within a round when the clock estimate shifts', () => {
    const frame = createFrameState();
    flying(frame, 0, 3000, 3100, 0);
    flying(frame, 0, 3000, 3000, -200);
    expect(frame.elapsedMs).toBe(3100);
  });

  it('takes no confirmed time from the tick of another round', () => {
    const frame = computeFrame(createFrameState(), round(0), { ...INITIAL_TICK, gameId: '0', confirmedMs: 9000, rate: 5 }, 9000, 0);
    expect(frame).toMatchObject({ elapsedMs: MAX_EXTRAPOLATION_MS, lag: true });
    expect(frame.shown).toBeLessThan(5);
  });

  it('never shows less than the last confirmed rate', () => {
    const frame = flying(createFrameState(), 0, 1000, 1000, 0, 1.5);
    expect(frame.shown).toBe(1.5);
  });

  it('snaps to the final rate when the round ends', () => {
    const ended: RoundState = { ...round(0), state: 'ENDED', fullRate: 1.7189, rate: 1.71 };
    const frame = computeFrame(createFrameState(), ended, tick(9000, 1.71), 50_000, 0);
    expect(frame).toMatchObject({ phase: 'crashed', shown: 1.71, rate: 1.7189 });
  });

  it('counts down to the start while the round is CREATED', () => {
    const waiting: RoundState = { ...INITIAL_ROUND, gameId: '2', state: 'CREATED', startsAt: 6000 };
    const frame = computeFrame(createFrameState(), waiting, INITIAL_TICK, 1000, 500);
    expect(frame).toMatchObject({ phase: 'waiting', countdownMs: 4500, windowMs: 4500, shown: 1 });
  });
});

describe('plot', () => {
  it('keeps the minimum window for young rounds and grows with the round', () => {
    const view = fitView({ ...MIN_VIEW }, 1000, 1.06);
    expect(view).toEqual(MIN_VIEW);
    fitView(view, 40_000, 11);
    expect(view.maxMs).toBe(50_000);
    expect(view.maxRate).toBeCloseTo(13.5);
  });

  it('maps the start to the bottom-left corner of the box', () => {
    const box = plotBox(800, 400);
    expect(plotX(0, MIN_VIEW, box)).toBe(box.left);
    expect(plotY(1, MIN_VIEW, box)).toBe(box.top + box.height);
    expect(plotY(MIN_VIEW.maxRate, MIN_VIEW, box)).toBe(box.top);
  });

  it('picks round axis steps', () => {
    expect(niceStep(1, 4)).toBe(0.5);
    expect(niceStep(12.5, 4)).toBe(5);
    expect(niceStep(10, 5)).toBe(2);
  });
});

/** Feeds `frames` frames of `work` ms each, `gap` ms apart; returns how many changed the level. */
function feed(governor: QualityGovernor, frames: number, work: number, gap: number): number {
  let changed = 0;
  for (let frame = 0; frame < frames; frame += 1) changed += governor.record(work, gap) ? 1 : 0;
  return changed;
}

describe('adaptive quality', () => {
  it('steps down when a window of frames passes the budget and back up after calm windows', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 60, 12, 16.7);
    expect(governor.level).toBe(1);
    expect(governor.quality).toEqual(QUALITY_LEVELS[1]);
    expect(feed(governor, 60 * 5, 1, 16.7)).toBe(1);
    expect(governor.level).toBe(0);
  });

  it('steps down when frames fall well behind the refresh rate even with little work, and stays down while that helps', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 60, 1, 16.7);
    expect(governor.refreshMs).toBeCloseTo(16.7, 1);
    feed(governor, 25, 1, 40);
    expect(governor.level).toBe(1);
    feed(governor, 40, 1, 25);
    expect(governor.level).toBe(1);
  });

  it('lowers quality on a phone whose GPU manages only 20 fps from the start', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 20, 1, 50);
    expect(governor.level).toBe(1);
    feed(governor, 30, 1, 34);
    expect(governor.level).toBe(2);
  });

  it('gives the best quality back to a device capped at 30 fps once a drop shows it is no faster', () => {
    const governor = new QualityGovernor(8);
    expect(feed(governor, WARMUP_FRAMES + 31, 2, 33.3)).toBe(1);
    expect(feed(governor, 600, 2, 33.3)).toBe(1);
    expect(governor.level).toBe(0);
    expect(governor.refreshMs).toBeCloseTo(33.3);
  });

  it('raises quality again on a device capped at 30 fps once the work has room', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 31, 12, 33.3);
    expect(governor.level).toBe(1);
    feed(governor, 31 * 7, 1, 33.3);
    expect(governor.level).toBe(0);
  });

  it('does not give back a drop it never made at the cheapest level', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 60 * 4, 12, 16.7);
    expect(governor.level).toBe(QUALITY_LEVELS.length - 1);
    feed(governor, 25 * 2, 1, 40);
    expect(governor.level).toBe(QUALITY_LEVELS.length - 1);
  });

  it('does not judge the stutter of the first frames after a start', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES, 20, 120);
    feed(governor, 600, 1, 16.7);
    expect(governor.level).toBe(0);
  });

  it('takes a single gap of seconds for a pause, not a slow frame', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 30, 1, 16.7);
    expect(feed(governor, 1, 1, 2000) + feed(governor, 60, 1, 16.7)).toBe(0);
  });

  it('forgets a half-measured window and warms up again after a restart', () => {
    const governor = new QualityGovernor(8);
    feed(governor, WARMUP_FRAMES + 50, 12, 16.7);
    governor.restart();
    feed(governor, WARMUP_FRAMES, 12, 100);
    feed(governor, 60, 1, 16.7);
    expect(governor.level).toBe(0);
  });

  it('never goes past the cheapest level', () => {
    const governor = new QualityGovernor(8);
    feed(governor, 60 * 20, 30, 16.7);
    expect(governor.level).toBe(QUALITY_LEVELS.length - 1);
  });

  it('caps the device pixel ratio at 2', () => {
    expect(cappedResolution(3)).toBe(2);
    expect(cappedResolution(1.5)).toBe(1.5);
    expect(cappedResolution(0)).toBe(1);
  });
});

describe('frame meter', () => {
  it('records work and the gap between frames, and drains them', () => {
    const meter = new FrameMeter();
    meter.begin(10);
    expect(meter.end(14.5)).toBe(4.5);
    meter.begin(26.5);
    meter.end(27.5);
    expect(meter.drain()).toEqual({ work: [4.5, 1], gaps: [0, 16.5] });
    expect(meter.drain()).toEqual({ work: [], gaps: [] });
  });

  it('counts no gap for the first frame after a restart', () => {
    const meter = new FrameMeter();
    meter.begin(10);
    meter.end(11);
    meter.restart();
    meter.begin(2010);
    expect(meter.lastGap).toBe(0);
  });
});
