import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROWTH_PER_MS, RANDOM_MAX, RTP } from '../../src/shared/constants';
import { crashInstant, msToRate, rateAt, rateHundredths, targetReached } from '../../src/shared/growth';
import { queryRows, type Database } from '../../src/server/db/client';
import { memoryDatabase } from './databaseImage';

/** Every hundredth up to x100, then a sparser walk to the largest crash point. */
function hundredthSteps(): number[] {
  const steps: number[] = [];
  for (let h = 100; h <= 10_000; h++) steps.push(h);
  for (let h = 10_000; h < RTP * RANDOM_MAX * 100; h = Math.ceil(h * 1.37)) steps.push(h);
  return steps;
}

/** Crash points as the fairness formula gives them, with exact quotients and values on and next to a hundredth. */
function crashPoints(): number[] {
  const points = [1, 1.01, 1.13, 2, 2.35, 10, 1000, RTP * RANDOM_MAX];
  for (const r of [1, 7, 1013, 840_707_965, 123_456_789, RANDOM_MAX / 3, RANDOM_MAX])
    points.push(Math.max(1, (RTP * RANDOM_MAX) / r));
  for (let h = 101; h <= 2000; h += 7) points.push(h / 100, h / 100 + 1e-9, h / 100 - 1e-9, (h + 0.5) / 100);
  return points;
}

describe('the growth curve in SQL and TypeScript', () => {
  let database: Database;
  beforeAll(async () => {
    database = await memoryDatabase();
  });
  afterAll(() => database.close());

  /** Runs `select` over each of `inputs` (as $x float8) in one statement. */
  async function eachInSql<T extends Record<string, unknown>>(inputs: number[], select: string): Promise<T[]> {
    return queryRows<T>(
      database.db,
      sql`SELECT ${sql.raw(select)} FROM jsonb_array_elements_text(${JSON.stringify(inputs)}::jsonb) WITH ORDINALITY AS i(v, n),
            LATERAL (SELECT i.v::float8 AS x) x ORDER BY i.n`,
    );
  }

  it('takes its constants from src/shared', async () => {
    const [row] = await queryRows<{ k: number; h: number }>(
      database.db,
      sql`SELECT growth_per_ms() AS k, hundredths_per_rate() AS h`,
    );
    expect(Number(row!.k)).toBe(GROWTH_PER_MS);
    expect(Number(row!.h)).toBe(rateHundredths(1));
  });

  it('shows the same hundredth on both sides of every step, to the largest crash point', async () => {
    const ms = hundredthSteps().flatMap((h) => {
      const at = msToRate(h / 100);
      return [at, Math.floor(at) - 1, Math.floor(at), Math.ceil(at), Math.ceil(at) + 1];
    });
    const rows = await eachInSql<{ rate: number; shown: string | number }>(
      ms,
      'rate_at(x) AS rate, shown_hundredths(rate_at(x)) AS shown',
    );
    const mismatches = ms.filter((m, i) => Number(rows[i]!.shown) !== rateHundredths(rateAt(m)));
    expect(mismatches).toEqual([]);
    const drift = ms.filter((m, i) => Math.abs(rows[i]!.rate / rateAt(m) - 1) > 1e-15);
    expect(drift).toEqual([]);
  });

  it('puts the crash instant where TypeScript does, and judges a cash-out at each millisecond around it alike', async () => {
    const startedAt = 1_764_000_000_123;
    const points = crashPoints();
    const rows = await eachInSql<{ instant: number }>(points, `${startedAt}::bigint + ms_to_rate(x) AS instant`);
    const differing = points.filter((f, i) => {
      const instant = crashInstant(startedAt, f);
      const near = [Math.floor(instant) - 1, Math.floor(instant), Math.ceil(instant), Math.ceil(instant) + 1];
      return near.some((at) => at >= rows[i]!.instant !== at >= instant);
    });
    expect(differing).toEqual([]);
  });

  it('finds an auto cash-out due exactly when TypeScript does: targets at, just below and just above the crash point', async () => {
    const cases = crashPoints().flatMap((f) => {
      const h = f * 100;
      return [Math.floor(h) - 1, Math.floor(h), Math.round(h), Math.ceil(h), Math.ceil(h) + 1]
        .filter((target) => target >= 100 && target <= 2_147_483_647)
        .map((target) => ({ target, f }));
    });
    const rows = await queryRows<{ due: boolean }>(
      database.db,
      sql`SELECT is_due(c.target, c.f) AS due
          FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(cases)}::jsonb) AS (target integer, f float8))
            WITH ORDINALITY AS c(target, f, n) ORDER BY c.n`,
    );
    const differing = cases.filter((c, i) => rows[i]!.due !== targetReached(c.target, c.f));
    expect(differing).toEqual([]);
    expect(cases.filter((c) => targetReached(c.target, c.f)).length).toBeGreaterThan(cases.length / 3);
  });
});
