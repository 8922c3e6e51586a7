import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { postgresTarget } from '../../src/server/db/postgresUrl';
import { startPostgres, type PostgresCluster } from './pg';

describe('DATABASE_URL', () => {
  it('names a Unix socket the libpq way (?host=/folder) and is passed through otherwise', () => {
    expect(postgresTarget('postgres://u@localhost:5433/moonrush?host=/run/postgresql')).toEqual({
      url: 'postgres://u@localhost:5433/moonrush',
      host: '/run/postgresql',
    });
    const tcp = 'postgres://u:p@db.internal:5432/moonrush?sslmode=require';
    expect(postgresTarget(tcp)).toEqual({ url: tcp });
  });

  describe('on a real PostgreSQL', () => {
    let cluster: PostgresCluster;
    let database: Database;
    beforeAll(async () => {
      cluster = await startPostgres();
      const url = await cluster.createDatabase('socket');
      database = await openDatabase({ databaseUrl: `${url}?host=${cluster.socketFolder}`, dataDir: '' });
    });
    afterAll(async () => {
      await database?.close();
      cluster?.stop();
    });

    it('connects through the socket (a session with no server address) and migrates', async () => {
      const [row] = await queryRows<{ address: string | null; bets: number }>(
        database.db,
        sql`SELECT inet_server_addr() AS address, (SELECT count(*)::int FROM bets) AS bets`,
      );
      expect(row).toEqual({ address: null, bets: 0 });
    });
  });
});
