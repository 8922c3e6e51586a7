/** The amount rules of docs/spec.md §5 and §9 for deposits and withdrawals, in lamports and hundredths. */

import {
  DEPOSIT_MAX_SOL,
  DEPOSIT_MIN_SOL,
  FAUCET_MAX_SOL,
  LAMPORTS_PER_SOL,
  WITHDRAW_MIN_SOL,
} from '../../shared/constants';
import { formatCoins, hundredthsToLamports, lamportsToHundredths, solToLamports } from '../../shared/money';
import { Refusal } from '../Refusal';

/** Two decimals of SOL, in lamports. */
const CENT_OF_SOL = LAMPORTS_PER_SOL / 100n;
/** A limit given in whole hundredths of SOL, in lamports. */
const limit = (sol: number) => BigInt(Math.round(sol * 100)) * CENT_OF_SOL;

function lamportsOf(sol: number | string): bigint {
  const lamports = solToLamports(sol);
  if (lamports === null) throw new Refusal('invalid', 'Enter an amount in SOL');
  return lamports;
}

/** A deposit of 0.01 to 1000 SOL with at most two decimals, in lamports. */
export function depositLamports(sol: number | string): bigint {
  const lamports = lamportsOf(sol);
  if (lamports < limit(DEPOSIT_MIN_SOL)) throw new Refusal('invalid', `Minimum amount is ${DEPOSIT_MIN_SOL} SOL`);
  if (lamports > limit(DEPOSIT_MAX_SOL)) throw new Refusal('invalid', `Maximum amount is ${DEPOSIT_MAX_SOL} SOL`);
  if (lamports % CENT_OF_SOL !== 0n) throw new Refusal('invalid', 'Use at most two decimals');
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
  if (lamports > limit(WITHDRAW_MAX_SOL) || hundredths > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Refusal('invalid', 'Not enough funds');
  const minimum = lamportsToHundredths(limit(WITHDRAW_MIN_SOL), coinsPerSol);
  if (hundredths < minimum) throw new Refusal('invalid', `Minimum withdrawal is ${formatCoins(minimum)} coins`);
  return { hundredths, lamports: hundredthsToLamports(hundredths, coinsPerSol) };
}

/** Local SOL from the faucet: more than zero, at most 10 SOL a call. */
export function faucetLamports(sol: number | string): bigint {
  const lamports = lamportsOf(sol);
  if (lamports <= 0n) throw new Refusal('invalid', 'Enter an amount in SOL');
  if (lamports > limit(FAUCET_MAX_SOL))
    throw new Refusal('invalid', `The faucet gives at most ${FAUCET_MAX_SOL} SOL a call`);
  return lamports;
}
