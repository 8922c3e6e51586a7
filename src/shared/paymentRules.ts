/**
 * The amount rules of deposits and withdrawals (docs/spec.md §5 and §9), for the page and the server alike:
 * SOL in lamports and coins in hundredths, exact integers.
 */

import { DEPOSIT_MAX_SOL, DEPOSIT_MIN_SOL, LAMPORTS_PER_SOL, WITHDRAW_MIN_SOL } from './constants';
import { lamportsToHundredths, solToLamports } from './money';

/** Two decimals of SOL, in lamports. */
const CENT_OF_SOL = LAMPORTS_PER_SOL / 100n;

/** What a Solana transfer costs its fee payer: one signature's fee. */
export const TRANSFER_FEE_LAMPORTS = 5000n;

/** A bound given in SOL, in lamports. */
export const lamportsOfSol = (sol: number): bigint => solToLamports(sol)!;

/** Why a deposit of `lamports` is refused: below 0.01 SOL, above 1000 SOL, or more than two decimals; null when it is not. */
export function depositProblem(lamports: bigint): 'minimum' | 'maximum' | 'decimals' | null {
  if (lamports < lamportsOfSol(DEPOSIT_MIN_SOL)) return 'minimum';
  if (lamports > lamportsOfSol(DEPOSIT_MAX_SOL)) return 'maximum';
  if (lamports % CENT_OF_SOL !== 0n) return 'decimals';
  return null;
}

/** The smallest withdrawal in hundredths at `coinsPerSol`: 0.02 SOL's worth (200 coins at 10000 coins per SOL). */
export function withdrawalMinimum(coinsPerSol: number): bigint {
  return lamportsToHundredths(lamportsOfSol(WITHDRAW_MIN_SOL), coinsPerSol);
}

/** The largest deposit a wallet holding `held` lamports can pay with its fee: whole hundredths of SOL, at most 1000 SOL; 0 below the minimum. */
export function depositMax(held: bigint): bigint {
  const spendable = held - TRANSFER_FEE_LAMPORTS;
  const capped = spendable > lamportsOfSol(DEPOSIT_MAX_SOL) ? lamportsOfSol(DEPOSIT_MAX_SOL) : spendable;
  const max = capped - (capped % CENT_OF_SOL);
  return max < lamportsOfSol(DEPOSIT_MIN_SOL) ? 0n : max;
}
