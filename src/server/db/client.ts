/** The database: embedded PGlite under DATA_DIR by default, a real PostgreSQL when DATABASE_URL is set. */

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './dataDirLock';
import { join } from 'node:path';
import { sql as rawSql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { postgresTarget } from './postgresUrl';

export type Schema = typeof schema;
/** Both drivers give this one type, so domain code never knows which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every balance change runs inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw SQL statement (the two drivers shape `execute`'s answer differently). */
export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** A field of PostgreSQL's error: on the error, and on the driver error Drizzle wraps. */
function errorFields(error: unknown, field: 'code' | 'severity'): unknown[] {
  const of = (e: unknown) => (e as Record<string, unknown> | null | undefined)?.[field];
  return [of(error), of((error as { cause?: unknown } | null)?.cause)];
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return errorFields(error, 'code').includes('23505');
}

/** An error PostgreSQL answered (its statement's transaction was rolled back), not a lost connection. */
export function answeredByDatabase(error: unknown): boolean {
  return errorFields(error, 'severity').some((severity) => typeof severity === 'string');
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: its data folder as a tarball, which `image` of a later connectDatabase starts from. */
  image?: () => Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** PostgreSQL ends a session left idle inside a transaction this long, releasing its locks. */
const IDLE_IN_TRANSACTION_MS = 10_000;

/** Use this as dataDir for a throwaway in-memory PGlite (tests). */
export const IN_MEMORY = 'memory://';

/**
 * The advisory lock that migrations and the functions' apply run under, so processes started
 * together on one database take turns (a key the leader's lock and the betting locks do not use).
 */
const MIGRATION_LOCK = 0x6d696772; // "migr"

/** Connections of the PostgreSQL pool: a busy connection pipelines further statements (see docs/benchmarks/betting.md "Conclusions"). */
export const POOL_SIZE = 20;

/**
 * Where the database is: PostgreSQL at `databaseUrl`, else PGlite under `dataDir`; `poolSize`
 * (PostgreSQL only) defaults to POOL_SIZE. `image` (PGlite only, tests): a data folder from
 * `Database.image`, which a new PGlite starts from instead of creating an empty cluster; the
 * migrations and functions are then applied as always (those it holds already are skipped).
 */
export interface DatabasePlace {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  image?: Blob;
}

/**
 * Opens the database, applies every pending migration (they change tables only) and then
 * `functions`, the statements that create or replace the SQL functions, which the composition
 * root hands over (src/server/database.ts).
 */
export async function connectDatabase(options: DatabasePlace & { functions: readonly string[] }): Promise<Database> {
  if (options.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const { url, host } = postgresTarget(options.databaseUrl);
    const connect = (max: number) =>
      postgres(url, {
        host,
        max,
        onnotice: () => {},
        // A paused process must not hold row locks (the leadership row's above all) for long.
        connection: { idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS },
      });
    // One session holds the lock through both steps; ending it lets the lock go, whatever happened.
    const setup = connect(1);
    try {
      await setup`select pg_advisory_lock(${MIGRATION_LOCK})`;
      const setupDb = drizzle(setup, { schema });
      await migrate(setupDb, { migrationsFolder });
      await applyFunctions(setupDb as unknown as Db, options.functions);
    } finally {
      await setup.end({ timeout: 5 });
    }
    const sql = connect(options.poolSize ?? POOL_SIZE);
    const db = drizzle(sql, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  let release = () => {};
  if (options.dataDir !== IN_MEMORY) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  try {
    const client = new PGlite({ dataDir: dir, loadDataDir: options.image });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    await applyFunctions(db as unknown as Db, options.functions);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      image: () => client.dumpDataDir('none'),
      close: () => client.close().finally(release),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Creates or replaces every function in one transaction. Bodies are checked when called, not here,
 * so the statements may name each other in any order.
 */
export async function applyFunctions(db: Db, statements: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(rawSql`SET LOCAL check_function_bodies = off`);
    for (const statement of statements) await tx.execute(rawSql.raw(statement));
  });
}
