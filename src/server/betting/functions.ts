/**
 * The database's betting functions: each `.sql` file of this folder holds one, the source of truth,
 * applied with CREATE OR REPLACE after the migrations on every start (migrations change tables
 * only); the composition root hands them to the database (src/server/database.ts). The constants
 * of the growth curve and of the bet policy, and the limits' names, are generated from src/shared,
 * so SQL and TypeScript share one definition. The TypeScript beside them calls them: bets.ts
 * (place, cancel, cash out), BetSettler.ts (auto cash-outs and voided rounds), balance.ts
 * (payments' balance moves). The house's accounts and the kinds
 * of transfer come from transferKinds.ts the same way.
 */

import { MIN_TARGET } from '../../shared/betPolicy';
import { GROWTH_PER_MS } from '../../shared/constants';
import { HUNDREDTHS_PER_RATE, SHOWN_RATE_EPSILON } from '../../shared/growth';
import { LIMIT_NAMES, limitOf, type LimitName } from '../../shared/wire/limitNames';
import { sqlFiles } from '../db/sqlFiles';
import { transferKindStatements } from './transferKinds';

/** An IMMUTABLE SQL function answering one shared constant (inlined into the queries that call it). */
function constant(name: string, type: 'double precision' | 'integer', value: number): string {
  if (!Number.isFinite(value)) throw new Error(`${name}: not a finite number`);
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS ${type} LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${value}::${type} $$`;
}

/** An IMMUTABLE SQL function answering, for each limit's name, what `value` says of it (src/shared's one table of names). */
function limitLookup(name: string, value: (limit: LimitName) => string): string {
  const cases = LIMIT_NAMES.map((limit) => `WHEN '${limit}' THEN '${value(limit)}'`).join(' ');
  return `CREATE OR REPLACE FUNCTION ${name}(p_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE p_name ${cases} END $$`;
}

/** The statements that define every betting function: the shared constants, then this folder's files. */
export function bettingFunctions(): string[] {
  return [
    constant('growth_per_ms', 'double precision', GROWTH_PER_MS),
    constant('shown_rate_epsilon', 'double precision', SHOWN_RATE_EPSILON),
    constant('hundredths_per_rate', 'integer', HUNDREDTHS_PER_RATE),
    ...transferKindStatements(),
    constant('min_target', 'integer', MIN_TARGET),
    limitLookup('limit_kind', (limit) => limitOf(limit).kind),
    limitLookup('limit_unit', (limit) => limitOf(limit).period),
    ...sqlFiles(new URL('.', import.meta.url)),
  ];
}
