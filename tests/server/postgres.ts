/** A throwaway PostgreSQL 15 cluster for race tests: initdb into a temp folder, a free loopback port, trust auth. */

import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** PostgreSQL binaries are installed (CI installs them; elsewhere the race tests say they are skipped). */
export const postgresAvailable = existsSync(join(BIN, 'initdb'));

export interface TempPostgres {
  url: string;
  stop(): void;
}

/** initdb refuses to run as root, so as root the cluster runs as the postgres user. */
function run(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgres(): Promise<TempPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'moonrush', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://moonrush@127.0.0.1:${port}/postgres`,
    stop() {
      run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
