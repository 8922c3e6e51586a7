/** Proof of reserves (issue 5 item 5): the house wallet's SOL against every coin owed to players. */

import { eq, sum } from 'drizzle-orm';
import type { ReservesResponse } from '../../shared/protocol';
import { hundredthsToLamports, lamportsToSol } from '../../shared/money';
import { accounts, withdrawals } from '../db/schema';
import type { PaymentContext } from './PaymentContext';

/** Owed = all balances plus coins held by withdrawals not yet settled (they are still the players'). */
export async function proofOfReserves(ctx: PaymentContext): Promise<ReservesResponse> {
  const [balances] = await ctx.db.select({ total: sum(accounts.balance) }).from(accounts);
  const [held] = await ctx.db
    .select({ total: sum(withdrawals.hundredths) })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'pending'));
  const owed = hundredthsToLamports(BigInt(balances?.total ?? 0) + BigInt(held?.total ?? 0), ctx.coinsPerSol);
  const house = await ctx.chain.balance(ctx.chain.houseAddress);
  return {
    wallet: ctx.chain.houseAddress,
    houseSol: lamportsToSol(house),
    owedSol: lamportsToSol(owed),
    covered: house >= owed,
  };
}
