import { describe, expect, it } from 'vitest';
import { MAX_EXTRAPOLATION_MS } from '../../src/shared/constants';
import { rateAt } from '../../src/shared/growth';
import { computeFrame, createFrameState } from '../../src/client/stage/frameState';
import { FrameMeter } from '../../src/client/stage/FrameMeter';
import { fitView, MIN_VIEW, niceStep, plotBox, plotX, plotY } from '../../src/client/stage/plot';
import { cappedResolution, QUALITY_LEVELS, QualityGovernor } from '../../src/client/stage/QualityGovernor';
import { INITIAL_ROUND, type RoundState } from '../../src/client/state/roundAtom';

const started = (startedAt: number, confirmedMs: number, rate = 1): RoundState => ({
  ...INITIAL_ROUND,
  gameId: '1',
  state: 'STARTED',
  startedAt,
  confirmedMs,
  rate,
});

describe('frame extrapolation', () => {
  it('extrapolates along the growth curve using the server clock offset', () => {
    const frame = computeFrame(createFrameState(), started(10_000, 4900), 4_000, 11_000);
    expect(frame.phase).toBe('flying');
    expect(frame.elapsedMs).toBe(5000);
    expect(frame.rate).toBeCloseTo(rateAt(5000));
    expect(frame.lag).toBe(false);
  });

  it(`never runs more than ${MAX_EXTRAPOLATION_MS} ms past the last confirmed tick, then reports lag`, () => {
    const frame = computeFrame(createFrameState(), started(0, 2000), 9000, 0);
    expect(frame.elapsedMs).toBe(2000 + MAX_EXTRAPOLATION_MS);
    expect(frame.lag).toBe(true);
  });

  it('never moves backwards within a round when the clock estimate shifts', () => {
    const frame = createFrameState();
    computeFrame(frame, started(0, 3000), 3100, 0);
    computeFrame(frame, started(0, 3000), 3000, -200);
    expect(frame.elapsedMs).toBe(3100);
  });

  it('never shows less than the last confirmed rate', () => {
    const frame = computeFrame(createFrameState(), started(0, 1000, 1.5), 1000, 0);
    expect(frame.shown).toBe(1.5);
  });

  it('snaps to the final rate when the round ends', () => {
    const round: RoundState = { ...started(0, 9000, 1.71), state: 'ENDED', fullRate: 1.7189, rate: 1.71 };
    const frame = computeFrame(createFrameState(), round, 50_000, 0);
    expect(frame).toMatchObject({ phase: 'crashed', shown: 1.71, rate: 1.7189 });
  });

  it('counts down to the start while the round is CREATED', () => {
    const round: RoundState = { ...INITIAL_ROUND, gameId: '2', state: 'CREATED', startsAt: 6000 };
    const frame = computeFrame(createFrameState(), round, 1000, 500);
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

describe('adaptive quality', () => {
  it('steps down when a window of frames passes the budget and back up after calm windows', () => {
    const governor = new QualityGovernor(8);
    for (let frame = 0; frame < 60; frame += 1) governor.record(12);
    expect(governor.level).toBe(1);
    expect(governor.quality).toEqual(QUALITY_LEVELS[1]);
    let changed = 0;
    for (let frame = 0; frame < 60 * 5; frame += 1) changed += governor.record(1) ? 1 : 0;
    expect(changed).toBe(1);
    expect(governor.level).toBe(0);
  });

  it('steps down when frames come too far apart even with little work (the GPU cannot keep up)', () => {
    const governor = new QualityGovernor(8);
    for (let frame = 0; frame < 10; frame += 1) governor.record(1, 120);
    expect(governor.level).toBe(1);
  });

  it('never goes past the cheapest level', () => {
    const governor = new QualityGovernor(8);
    for (let frame = 0; frame < 60 * 20; frame += 1) governor.record(30);
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
});
