/** Proof of reserves (issue 5 item 5): the house wallet's SOL against every coin owed to players. */

import { and, eq, inArray, sum } from 'drizzle-orm';
import type { ReservesResponse } from '../../shared/protocol';
import { hundredthsToLamports, lamportsToSol } from '../../shared/money';
import { accounts, bets, rounds, withdrawals } from '../db/schema';
import type { PaymentContext } from './PaymentContext';

/**
 * Owed = all balances, plus coins held by withdrawals not yet settled and the stakes of open bets
 * in rounds still running (both are still the players': a failed transfer or a voided round
 * gives them back).
 */
export async function proofOfReserves(ctx: PaymentContext): Promise<ReservesResponse> {
  const owed = await owedLamports(ctx);
  const house = await ctx.chain.balance(ctx.chain.houseAddress);
  return {
    wallet: ctx.chain.houseAddress,
    houseSol: lamportsToSol(house),
    owedSol: lamportsToSol(owed),
    covered: house >= owed,
  };
}

/** Every coin owed to players, in lamports. */
export async function owedLamports(ctx: PaymentContext): Promise<bigint> {
  const [balances] = await ctx.db.select({ total: sum(accounts.balance) }).from(accounts);
  const [held] = await ctx.db
    .select({ total: sum(withdrawals.hundredths) })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'pending'));
  const [staked] = await ctx.db
    .select({ total: sum(bets.amount) })
    .from(bets)
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .where(and(eq(bets.status, 'CREATED'), inArray(rounds.state, ['CREATED', 'STARTED'])));
  const owedHundredths = [balances, held, staked].reduce((total, row) => total + BigInt(row?.total ?? 0), 0n);
  return hundredthsToLamports(owedHundredths, ctx.coinsPerSol);
}
