import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnlineCounter } from '../../src/server/stomp/OnlineCounter';

describe('OnlineCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a change at once, then at most once a second with the latest count', () => {
    const sent: number[] = [];
    const counter = new OnlineCounter((online) => sent.push(online), 1000);
    counter.change(1);
    expect(sent).toEqual([1]);
    for (let i = 0; i < 50; i++) counter.change(1);
    counter.change(-1);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 50]);
  });

  it('sends nothing when the count is back where it was', () => {
    const sent: number[] = [];
    const counter = new OnlineCounter((online) => sent.push(online), 1000);
    counter.change(1);
    counter.change(1);
    counter.change(-1);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([1]);
  });

  it('publishes nothing once stopped, though sessions keep closing', () => {
    const sent: number[] = [];
    const counter = new OnlineCounter((online) => sent.push(online), 1000);
    counter.change(1);
    counter.stop();
    counter.change(-1);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([1]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
