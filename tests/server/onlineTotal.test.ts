import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../src/server/bus/LocalBus';
import { ONLINE_REPORT_MS, ONLINE_REPORTS, OnlineTotal, onlineReport } from '../../src/server/stomp/OnlineTotal';

describe('OnlineTotal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sums the latest count of each gateway and forgets a gateway that stopped reporting', () => {
    const bus = new LocalBus();
    const totals: number[] = [];
    const total = new OnlineTotal(bus, (n) => totals.push(n));
    bus.publish(ONLINE_REPORTS, onlineReport('a', 3));
    bus.publish(ONLINE_REPORTS, onlineReport('b', 4));
    bus.publish(ONLINE_REPORTS, onlineReport('a', 5));
    bus.publish(ONLINE_REPORTS, onlineReport('a', 5));
    expect(totals).toEqual([3, 7, 9]);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(ONLINE_REPORT_MS);
      bus.publish(ONLINE_REPORTS, onlineReport('a', 5));
      total.expire();
    }
    expect(totals).toEqual([3, 7, 9, 5]);
    total.stop();
    bus.publish(ONLINE_REPORTS, onlineReport('b', 1));
    expect(totals).toEqual([3, 7, 9, 5]);
  });
});
