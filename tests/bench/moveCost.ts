/**
 * `npx tsx tests/bench/moveCost.ts [--base DIR] [--moves N] [--runs R]`: the PostgreSQL CPU one balance
 * move costs, read from /proc for the backend that runs them, so the figure holds on a busy
 * machine where latencies do not. One throwaway PostgreSQL holds two databases: one set up by this
 * checkout's migrations and money functions, one by those of the checkout in --base (another
 * worktree, e.g. main's). In each, one connection runs N single moves (move_balance, as a bet,
 * a cancel or a cash-out makes them), each in its own transaction, and N credits in settlements
 * of 1,000 (move_balances, as a tick pays auto cash-outs); the runs alternate between the two.
 */

import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { startPostgres } from '../server/pg';
import { cpuSeconds } from './cpu';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    moves: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
  },
});
const MOVES = Number(values.moves);
const PLAYERS = 1000;

type Client = typeof import('../../src/server/db/client') & Pick<typeof import('../../src/server/database'), 'openDatabase'>;
const checkouts: [string, string][] = [['this checkout', resolve('.')]];
if (values.base) checkouts.unshift(['base', resolve(values.base)]);

const cluster = await startPostgres();
const setups = [];
for (const [name, dir] of checkouts) {
  // Since the composition root hands the betting functions over, openDatabase is src/server/database.ts's.
  const composed = existsSync(join(dir, 'src/server/database.ts'));
  const client = {
    ...(await import(join(dir, 'src/server/db/client.ts'))),
    ...(composed ? await import(join(dir, 'src/server/database.ts')) : {}),
  } as Client;
  const databaseUrl = await cluster.createDatabase(name.replace(/\W/g, '_'));
  const database = await client.openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 });
  await database.db.execute(sql`INSERT INTO accounts (nickname, referral_code, balance, created_at)
    SELECT 'p' || i, 'c' || i, 0, 0 FROM generate_series(1, ${PLAYERS}) i`);
  await database.db.execute(sql`SELECT move_balance(id, 1000000000, 'deposit', 'fund-' || id, 0) FROM accounts`);
  const [backend] = await client.queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`);
  setups.push({ name, database, pid: Number(backend!.pid) });
}

let serial = 0;
for (let run = 0; run < Number(values.runs); run++) {
  for (const { name, database, pid } of setups) {
    const tag = `${run}-${serial++}`;
    let t0 = cpuSeconds(pid, false);
    for (let i = 0; i < MOVES; i++)
      await database.db.execute(
        sql`SELECT move_balance(${(i % PLAYERS) + 1}, ${i % 2 === 0 ? -100 : 100}, ${i % 2 === 0 ? 'bet' : 'cancel'}, ${`${tag}-${i >> 1}`}, 0)`,
      );
    const single = ((cpuSeconds(pid, false) - t0) / MOVES) * 1e6;
    t0 = cpuSeconds(pid, false);
    for (let from = 0; from < MOVES; from += 1000)
      await database.db.execute(sql`SELECT count(*) FROM move_balances(
        (SELECT array_agg((i % ${PLAYERS}) + 1) FROM generate_series(${from}::int, ${from + 999}::int) i),
        array_fill(1::bigint, ARRAY[1000]), array_fill('win'::text, ARRAY[1000]),
        (SELECT array_agg(${`s${tag}-`} || i) FROM generate_series(${from}::int, ${from + 999}::int) i), 0)`);
    const settled = ((cpuSeconds(pid, false) - t0) / MOVES) * 1e6;
    console.log(
      `${name}: run ${run + 1}: single moves ${single.toFixed(1)} µs each, credits in settlements of 1,000 ${settled.toFixed(1)} µs each (PostgreSQL backend CPU)`,
    );
  }
}
for (const { database } of setups) await database.close();
cluster.stop();
