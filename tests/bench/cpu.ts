/** CPU time of processes as /proc counts it (Linux), for benchmarks that run the server apart. */

import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds (user + system) of a process and of its direct children. */
export function cpuSeconds(pid: number, withChildren: boolean): number {
  const stat = (p: number | string) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  let ticks = stat(pid)?.ticks ?? 0;
  if (withChildren)
    for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const s = stat(entry);
      if (s?.ppid === pid) ticks += s.ticks;
    }
  return ticks / 100;
}
