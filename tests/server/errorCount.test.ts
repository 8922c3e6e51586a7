import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../src/server/bus/LocalBus';
import { CLUSTER_REPORT_MS } from '../../src/server/bus/ClusterTotal';
import { ClusterErrors, ErrorCount } from '../../src/server/ops/ErrorCount';

const MINUTE = 60_000;

describe('ErrorCount', () => {
  it('counts the errors of the last hour; older ones fall out minute by minute', () => {
    const errors = new ErrorCount();
    const start = Date.UTC(2026, 0, 1, 12, 0, 30);
    errors.add(start);
    errors.add(start + 10 * MINUTE);
    errors.add(start + 10 * MINUTE + 1);
    expect(errors.lastHour(start + 10 * MINUTE)).toBe(3);
    // An hour after the first error's minute it is out; the two of minute ten are still in.
    expect(errors.lastHour(start + 59 * MINUTE)).toBe(3);
    expect(errors.lastHour(start + 60 * MINUTE)).toBe(2);
    expect(errors.lastHour(start + 70 * MINUTE)).toBe(0);
    // Adding long after drops the old minutes: only the new error counts, however far back one looks.
    errors.add(start + 120 * MINUTE);
    expect(errors.lastHour(start + 120 * MINUTE)).toBe(1);
  });
});

describe('ClusterErrors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sums every process's errors of the last hour over the bus, each reported within CLUSTER_REPORT_MS", () => {
    const bus = new LocalBus();
    const [gateway, engine] = [new ErrorCount(), new ErrorCount()];
    const [seenByGateway, seenByEngine] = [new ClusterErrors(bus, gateway), new ClusterErrors(bus, engine)];
    engine.add();
    engine.add();
    gateway.add();
    expect(seenByGateway.lastHour()).toBe(0);
    vi.advanceTimersByTime(CLUSTER_REPORT_MS);
    expect([seenByGateway.lastHour(), seenByEngine.lastHour()]).toEqual([3, 3]);
    // The engine stops (killed): after three silent report periods its errors no longer count.
    seenByEngine.stop();
    vi.advanceTimersByTime(4 * CLUSTER_REPORT_MS);
    expect(seenByGateway.lastHour()).toBe(1);
    seenByGateway.stop();
  });
});
