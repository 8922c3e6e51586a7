/** The amount rules of docs/spec.md §5 and §9 for deposits and withdrawals, in lamports and hundredths. */

import { DEPOSIT_MAX_SOL, DEPOSIT_MIN_SOL, FAUCET_MAX_SOL } from '../../shared/constants';
import { formatCoins, hundredthsToLamports, lamportsToHundredths, solToLamports } from '../../shared/money';
import { depositProblem, lamportsOfSol, withdrawalMinimum } from '../../shared/paymentRules';
import { Refusal } from '../Refusal';

/** What a player reads for each of depositProblem's answers. */
const DEPOSIT_REFUSALS = {
  minimum: `Minimum amount is ${DEPOSIT_MIN_SOL} SOL`,
  maximum: `Maximum amount is ${DEPOSIT_MAX_SOL} SOL`,
  decimals: 'Use at most two decimals',
} as const;

function lamportsOf(sol: number | string): bigint {
  const lamports = solToLamports(sol);
  if (lamports === null) throw new Refusal('invalid', 'Enter an amount in SOL');
  return lamports;
}

/** A deposit of 0.01 to 1000 SOL with at most two decimals, in lamports. */
export function depositLamports(sol: number | string): bigint {
  const lamports = lamportsOf(sol);
  const problem = depositProblem(lamports);
  if (problem) throw new Refusal('invalid', DEPOSIT_REFUSALS[problem]);
  return lamports;
}

/** A withdrawal's coins and the lamports they pay out; both agree exactly at the rate. */
export interface WithdrawalAmount {
  hundredths: bigint;
  lamports: bigint;
}

/** No balance holds this much, and more would overflow the database's 64-bit amounts. */
const WITHDRAW_MAX_SOL = 1_000_000_000;

/** At least 0.02 SOL worth of coins ('Minimum withdrawal is 200 coins' at 10000 coins per SOL), at most what a balance could hold. */
export function withdrawalAmount(sol: number | string, coinsPerSol: number): WithdrawalAmount {
  const lamports = lamportsOf(sol);
  const hundredths = lamportsToHundredths(lamports, coinsPerSol);
  if (lamports > lamportsOfSol(WITHDRAW_MAX_SOL) || hundredths > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Refusal('invalid', 'Not enough funds');
  const minimum = withdrawalMinimum(coinsPerSol);
  if (hundredths < minimum) throw new Refusal('invalid', `Minimum withdrawal is ${formatCoins(minimum)} coins`);
  return { hundredths, lamports: hundredthsToLamports(hundredths, coinsPerSol) };
}

/** Local SOL from the faucet: more than zero, at most 10 SOL a call. */
export function faucetLamports(sol: number | string): bigint {
  const lamports = lamportsOf(sol);
  if (lamports <= 0n) throw new Refusal('invalid', 'Enter an amount in SOL');
  if (lamports > lamportsOfSol(FAUCET_MAX_SOL))
    throw new Refusal('invalid', `The faucet gives at most ${FAUCET_MAX_SOL} SOL a call`);
  return lamports;
}
