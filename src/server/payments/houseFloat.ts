/** The local chain's house wallet, funded at every start (CHAIN=local keeps its chain in memory). */

import { LAMPORTS_PER_SOL } from '../../shared/constants';
import type { PaymentContext } from './PaymentContext';
import { owedLamports } from './reserves';

/** On top of every coin owed: the fees of withdrawals (one local SOL pays 200,000 of them). */
const FEE_FLOAT_LAMPORTS = 1_000_000_000n;

/**
 * Tops the house wallet up to every coin owed plus the fee float plus `bankrollSol` (LOCAL_HOUSE_SOL,
 * the house's own money its risk caps are shares of), so a player who deposited can withdraw
 * everything (fee included) and a restart, which empties the in-memory chain, leaves every
 * withdrawal payable. Does nothing on a real cluster (no faucet there).
 */
export async function fundLocalHouse(ctx: PaymentContext, bankrollSol: number): Promise<void> {
  const airdrop = ctx.chain.airdrop?.bind(ctx.chain);
  if (!airdrop) return;
  const wanted = (await owedLamports(ctx)) + FEE_FLOAT_LAMPORTS + BigInt(bankrollSol) * LAMPORTS_PER_SOL;
  const held = await ctx.chain.balance(ctx.chain.houseAddress);
  if (wanted > held) await airdrop(ctx.chain.houseAddress, wanted - held);
}
