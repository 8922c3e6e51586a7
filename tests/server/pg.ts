/**
 * A throwaway PostgreSQL cluster on loopback for race and fault tests: initdb into a temp folder,
 * start on a free port, one database per caller, stopped and removed in afterAll. Fault tests take
 * it down and bring it back mid-round with the same data. Its binaries: scripts/postgresBinaries.ts.
 */

import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { PG_BIN, postgresUser } from '../../scripts/postgresBinaries';
import { freePort } from './freePort';

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** Creates a fresh database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** The folder of its Unix socket (`?host=` of a DATABASE_URL). */
  socketFolder: string;
  /** The postmaster's process id (benchmarks add up the CPU time of it and its backends). */
  pid(): number;
  /** An outage: stops the server (fast shutdown, every connection cut), keeping its data. */
  down(): void;
  /** Ends the outage: starts the server again on the same port with the same data. */
  up(): void;
  /** Stops the server and removes its files. */
  stop(): void;
}

/** Starts a cluster with extra `-c` settings (name=value); call stop() in afterAll. */
export async function startPostgres(settings: string[] = []): Promise<PostgresCluster> {
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (tool: string, args: string[]) => execFileSync(join(PG_BIN, tool), args, { stdio: 'pipe', ...user });
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--no-locale']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${settings.map((s) => ` -c ${s}`).join('')}`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  return {
    async createDatabase(name) {
      const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE "${name}"`);
      await admin.end();
      return `${base}/${name}`;
    },
    socketFolder: dir,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    down() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    up: start,
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
