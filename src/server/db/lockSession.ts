/** The PostgreSQL session that holds the advisory lock electing the leading engine. */

import { postgresTarget } from './postgresUrl';

/** The advisory lock's key: any constant the other programs on the database do not use. */
const LEADER_LOCK = 0x6d6f6f6e; // "moon"

export interface LockSession {
  /** Tries to take the lock without waiting; true when this session holds it. */
  tryLock(): Promise<boolean>;
  /** True while the session that took the lock is still the one connected; doubles as its heartbeat. */
  holds(): Promise<boolean>;
  /** Lets the lock go (the session stays open). */
  release(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a session of its own, apart from the query pool. PostgreSQL ends it once it has been idle
 * for `timeoutMs` (a paused process, a cut cable), and the lock goes with it; the holder keeps it
 * alive by calling holds() more often than that.
 */
export async function openLockSession(url: string, timeoutMs: number): Promise<LockSession> {
  const { default: postgres } = await import('postgres');
  const target = postgresTarget(url);
  const sql = postgres(target.url, {
    host: target.host,
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    onnotice: () => {},
    connection: { application_name: 'moonrush-leader', idle_session_timeout: timeoutMs },
  });
  let lockedBy: number | null = null;
  /** A query that does not answer within the timeout counts as a lost session. */
  const query = <T>(run: () => Promise<T>): Promise<T> =>
    Promise.race([
      run(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), timeoutMs).unref()),
    ]);
  return {
    async tryLock() {
      const [row] = await query(
        () => sql<{ ok: boolean; pid: number }[]>`
        select pg_try_advisory_lock(${LEADER_LOCK}) as ok, pg_backend_pid() as pid`,
      );
      lockedBy = row?.ok ? row.pid : null;
      return lockedBy !== null;
    },
    async holds() {
      if (lockedBy === null) return false;
      try {
        const [row] = await query(() => sql<{ pid: number }[]>`select pg_backend_pid() as pid`);
        if (row?.pid === lockedBy) return true;
      } catch {
        // The session is gone, and the lock with it.
      }
      lockedBy = null;
      return false;
    },
    async release() {
      if (lockedBy === null) return;
      lockedBy = null;
      await query(() => sql`select pg_advisory_unlock_all()`).catch(() => {});
    },
    async close() {
      lockedBy = null;
      await sql.end({ timeout: 2 });
    },
  };
}
