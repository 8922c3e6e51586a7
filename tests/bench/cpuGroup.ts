/**
 * A fixed share of the CPU for a benchmark's process (Linux cgroups, root only): a ceiling of
 * `percent` of one core in every 10 ms, and a weight ten times the default so that the machine's other work does
 * not take the share away either. cgroup v2 (`cpu.max`, `cpu.weight`) where /sys/fs/cgroup is the
 * unified hierarchy, else v1's cpu controller (`cpu.cfs_quota_us`, `cpu.shares`). A null percent
 * sets the weight only (no ceiling). Groups are removed by remove() and when the process exits.
 */

import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const V2_ROOT = '/sys/fs/cgroup';
const V1_ROOT = '/sys/fs/cgroup/cpu';
const unified = existsSync(join(V2_ROOT, 'cgroup.controllers'));
/** Short periods: a burst (a tick's fan-out) is stretched as on a slower core, rather than run at full speed and then stopped for the rest of a long period. */
const PERIOD_US = 10_000;

export interface CpuGroup {
  /** Moves a process (all its threads) into the group; the children it starts afterwards follow. */
  add(pid: number): void;
  /** Periods so far and the periods in which the ceiling stopped the group. */
  throttling(): { periods: number; throttled: number };
  remove(): void;
}

/** Why cpuGroup cannot work here, or null when it can. */
export function cpuGroupsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'cgroups need root';
  if (unified)
    return readFileSync(join(V2_ROOT, 'cgroup.controllers'), 'utf8').includes('cpu')
      ? null
      : 'no cpu controller in cgroup v2';
  return existsSync(join(V1_ROOT, 'cpu.cfs_quota_us')) ? null : `no cgroup v1 cpu controller at ${V1_ROOT}`;
}

const groups = new Set<CpuGroup>();
let made = 0;
process.on('exit', () => groups.forEach((group) => group.remove()));

export function cpuGroup(name: string, percent: number | null): CpuGroup {
  const root = unified ? V2_ROOT : V1_ROOT;
  const dir = join(root, `moonrush-bench-${process.pid}-${++made}-${name}`);
  const set = (file: string, value: string) => writeFileSync(join(dir, file), value);
  if (unified) writeFileSync(join(root, 'cgroup.subtree_control'), '+cpu');
  mkdirSync(dir);
  const quota = percent === null ? null : Math.round((PERIOD_US * percent) / 100);
  if (unified) {
    set('cpu.max', `${quota ?? 'max'} ${PERIOD_US}`);
    set('cpu.weight', '1000');
  } else {
    set('cpu.cfs_period_us', String(PERIOD_US));
    set('cpu.cfs_quota_us', String(quota ?? -1));
    set('cpu.shares', '10240');
  }
  const stat = () =>
    Object.fromEntries(
      readFileSync(join(dir, 'cpu.stat'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string]),
    );
  const group: CpuGroup = {
    add: (pid) => set('cgroup.procs', String(pid)),
    throttling: () => {
      const s = stat();
      return { periods: Number(s.nr_periods), throttled: Number(s.nr_throttled) };
    },
    remove() {
      if (!groups.delete(group)) return;
      // Whatever still runs in it goes back to the root group, so the folder can go.
      for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
        try {
          writeFileSync(join(root, 'cgroup.procs'), pid);
        } catch {
          // It exited meanwhile.
        }
      rmdirSync(dir);
    },
  };
  groups.add(group);
  return group;
}
