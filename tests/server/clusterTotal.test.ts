import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../src/server/bus/LocalBus';
import { CLUSTER_REPORT_MS, ClusterTotal, clusterReport } from '../../src/server/bus/ClusterTotal';

describe('ClusterTotal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sums the latest figure of each process and forgets a process that stopped reporting', () => {
    const bus = new LocalBus();
    const totals: number[] = [];
    const total = new ClusterTotal(bus, 'cluster/test', (n) => totals.push(n));
    bus.publish('cluster/test', clusterReport('a', 3));
    bus.publish('cluster/test', clusterReport('b', 4));
    bus.publish('cluster/test', clusterReport('a', 5));
    bus.publish('cluster/test', clusterReport('a', 5));
    bus.publish('cluster/other', clusterReport('c', 100));
    expect(totals).toEqual([3, 7, 9]);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(CLUSTER_REPORT_MS);
      bus.publish('cluster/test', clusterReport('a', 5));
      total.expire();
    }
    expect(totals).toEqual([3, 7, 9, 5]);
    expect(total.current).toBe(5);
    total.stop();
    bus.publish('cluster/test', clusterReport('b', 1));
    expect(totals).toEqual([3, 7, 9, 5]);
  });
});
