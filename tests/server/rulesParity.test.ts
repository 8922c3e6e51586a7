import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_TARGET, houseTarget, payout } from '../../src/shared/betPolicy';
import { LIMIT_NAMES, limitOf } from '../../src/shared/wire/limitNames';
import { queryRows, type Database } from '../../src/server/db/client';
import { memoryDatabase } from './databaseImage';

/** Stakes from the smallest to the largest a balance can hold, with the awkward ones between. */
const STAKES = [1000, 1001, 1013, 3333, 9999, 10_000, 123_456, 7_777_777, 10_000_000, 999_999_999_99];
/** Per-bet caps from nothing to more than any stake can win. */
const CAPS = [0, 1, 999, 1000, 5000, 12_345, 10_000_000, 1e12];
/** Targets in hundredths: the lowest, ordinary ones, a hundredth's neighbours and the largest. */
const RATES = [100, 101, 102, 150, 199, 200, 235, 1013, 100_000, 99_999_999, 2_147_483_647];

describe('the bet policy and the limits in SQL and TypeScript', () => {
  let database: Database;
  beforeAll(async () => {
    database = await memoryDatabase();
  });
  afterAll(() => database.close());

  /** Runs `select` over each pair (as $a and $b bigint) in one statement. */
  async function eachPair(pairs: [number, number][], select: string): Promise<number[]> {
    const rows = await queryRows<{ v: string | number }>(
      database.db,
      sql`SELECT ${sql.raw(select)} AS v
          FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b]) => ({ a, b })))}::jsonb) AS (a bigint, b bigint))
            WITH ORDINALITY AS p(a, b, n) ORDER BY p.n`,
    );
    return rows.map((row) => Number(row.v));
  }

  it('takes the lowest target from src/shared', async () => {
    const [row] = await queryRows<{ m: number }>(database.db, sql`SELECT min_target() AS m`);
    expect(Number(row!.m)).toBe(MIN_TARGET);
  });

  it("puts the house's per-bet cap at the same target for every stake and cap", async () => {
    const pairs = STAKES.flatMap((amount) => CAPS.map((cap): [number, number] => [amount, cap]));
    const inSql = await eachPair(pairs, 'house_target(p.a, p.b)');
    expect(pairs.filter(([amount, cap], i) => inSql[i] !== houseTarget(amount, cap))).toEqual([]);
  });

  it('pays the same hundredths for every stake and rate', async () => {
    // Payouts a balance can hold: MAX_WIN keeps every real one far below this.
    const pairs = STAKES.flatMap((amount) => RATES.map((rate): [number, number] => [amount, rate])).filter(
      ([amount, rate]) => amount * rate <= Number.MAX_SAFE_INTEGER,
    );
    const inSql = await eachPair(pairs, 'payout(p.a, p.b::integer)');
    expect(pairs.filter(([amount, rate], i) => inSql[i] !== payout(amount, rate))).toEqual([]);
  });

  it("reads each limit's kind and period from its name as src/shared does", async () => {
    const rows = await queryRows<{ name: string; kind: string; unit: string }>(
      database.db,
      sql`SELECT n AS name, limit_kind(n) AS kind, limit_unit(n) AS unit
          FROM unnest(${`{${LIMIT_NAMES.join(',')}}`}::text[]) AS n`,
    );
    expect(rows.map(({ name, kind, unit }) => [name, { kind, period: unit }])).toEqual(
      LIMIT_NAMES.map((name) => [name, limitOf(name)]),
    );
  });
});
