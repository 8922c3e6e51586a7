/** Proof of reserves (docs/payments.md "Proof of reserves"): the house wallet's SOL against every coin owed to players. */

import { desc, isNotNull } from 'drizzle-orm';
import type { ReservesResponse } from '../../shared/protocol';
import { hundredthsToLamports, lamportsToHundredths, lamportsToSol } from '../../shared/money';
import { rounds } from '../db/schema';
import { owedHundredths } from '../ledger/books';
import type { RiskPercents } from '../config';
import { capsOf, type RoundCaps } from '../risk/caps';
import type { PaymentContext } from './PaymentContext';

/**
 * Owed = what the ledger's accounts say the house owes (ledger/books.ts): all balances, plus coins
 * held by withdrawals not yet settled (under review too), deposits held, and the stakes of open
 * bets in rounds still running (still the players': a failed transfer or a voided round
 * gives them back). The bankroll is what the house holds beyond that, and the caps in force are
 * those of the newest round (each round takes them from the bankroll when it is created).
 */
export async function proofOfReserves(ctx: PaymentContext): Promise<Omit<ReservesResponse, 'largestBet' | 'maxWin'>> {
  const { house, owed, bankroll } = await holdings(ctx);
  const owedLamports = hundredthsToLamports(owed, ctx.coinsPerSol);
  const [caps] = await ctx.db
    .select({ maxBetProfit: rounds.maxBetProfit, maxRoundProfit: rounds.maxRoundProfit })
    .from(rounds)
    .where(isNotNull(rounds.maxRoundProfit))
    .orderBy(desc(rounds.id))
    .limit(1);
  return {
    wallet: ctx.chain.houseAddress,
    houseSol: lamportsToSol(house),
    owedSol: lamportsToSol(owedLamports),
    covered: house >= owedLamports,
    bankroll: Number(bankroll > 0n ? bankroll : 0n),
    maxBetProfit: caps?.maxBetProfit ?? null,
    maxRoundProfit: caps?.maxRoundProfit ?? null,
  };
}

/** The bankroll now (what the house holds beyond every coin owed) and the caps it gives. */
export async function houseCaps(ctx: PaymentContext, percents: RiskPercents): Promise<RoundCaps> {
  return capsOf((await holdings(ctx)).bankroll, percents);
}

/** The house wallet in lamports, what it owes in hundredths, and the bankroll (their difference) in hundredths. */
export async function holdings(ctx: PaymentContext): Promise<{ house: bigint; owed: bigint; bankroll: bigint }> {
  const owed = await owedHundredths(ctx.db);
  const house = await ctx.chain.balance(ctx.chain.houseAddress);
  return { house, owed, bankroll: lamportsToHundredths(house, ctx.coinsPerSol) - owed };
}

/** Every coin owed to players, in lamports. */
export async function owedLamports(ctx: PaymentContext): Promise<bigint> {
  return hundredthsToLamports(await owedHundredths(ctx.db), ctx.coinsPerSol);
}
