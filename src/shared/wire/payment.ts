/** /payment: the chain, deposits, withdrawals, reserves and the local faucet (docs/wire.md "Payments"). */

import bs58 from 'bs58';
import { z } from 'zod';
import { body } from './fields';

export const paymentEnvironmentType = z.enum(['main', 'test', 'devnet', 'local']);
export type PaymentEnvironmentType = z.infer<typeof paymentEnvironmentType>;

export const paymentEnvironment = z.object({
  type: paymentEnvironmentType,
  /** Coins per SOL (the spec's name; `coinsPerSol` inside). */
  rate: z.number(),
  /** The house wallet's address. */
  wallet: z.string(),
});
export type PaymentEnvironment = z.infer<typeof paymentEnvironment>;

export const prepareDepositAnswer = z.object({
  /** The depositId. */
  token: z.string(),
  /** base64 JSON of {@link depositProgramInfo}. */
  programInfo: z.string(),
  /** base64 JSON of {@link depositProgramData}. */
  programData: z.string(),
  vaultId: z.string(),
});
export type PrepareDepositResponse = z.infer<typeof prepareDepositAnswer>;

export const depositProgramInfo = z.object({ programId: z.string(), discriminator: z.array(z.number()) });
export type DepositProgramInfo = z.infer<typeof depositProgramInfo>;
export const depositProgramData = z.object({ adminWallets: z.array(z.string()) });
export type DepositProgramData = z.infer<typeof depositProgramData>;

/** GET /payment/wallet: the SOL the signed-in player's wallet holds, so the deposit form can say it and offer Max (null: no wallet, or the chain did not answer). */
export const walletBalanceAnswer = z.object({ lamports: z.number().nullable() });

export const signatureAnswer = z.object({ signature: z.string() });

/** POST /payment/withdraw: the transfer's signature, or (above WITHDRAW_REVIEW_ABOVE) a withdrawal held for an operator's review. */
export const withdrawAnswer = z.union([
  signatureAnswer,
  z.object({ signature: z.null(), status: z.literal('review'), withdrawalId: z.string() }),
]);
export type WithdrawResponse = z.infer<typeof withdrawAnswer>;

/** GET /payment/withdrawals: one of the player's latest withdrawals, newest first (docs/ops.md "What players see"). */
export const playerWithdrawal = z.object({
  id: z.string(),
  /** Coins, in hundredths. */
  amount: z.number(),
  /** review: held for an operator ("Under review"); failed: the coins are back, `reason` says why (an operator's rejection too). */
  status: z.enum(['review', 'pending', 'confirmed', 'failed']),
  reason: z.string().nullable(),
  signature: z.string().nullable(),
  createdAt: z.number(),
});
export type PlayerWithdrawal = z.infer<typeof playerWithdrawal>;

/**
 * held: the SOL arrived but the player's limits, self-exclusion or block refused the credit, and it
 * is being sent back to the wallet; returned: it was (docs/payments.md "Deposits").
 */
export const depositStatus = z.enum(['pending', 'credited', 'failed', 'expired', 'held', 'returned']);
export type DepositStatus = z.infer<typeof depositStatus>;
export const depositStatusAnswer = z.object({ status: depositStatus });

export const reserves = z.object({
  /** The house wallet's address, so anyone can check its balance on the chain. */
  wallet: z.string(),
  /** The house wallet's balance in SOL. */
  houseSol: z.number(),
  /** Coins owed to players, in SOL at the current rate. */
  owedSol: z.number(),
  /** The house holds at least what it owes. */
  covered: z.boolean(),
  /** Extension (docs/architecture.md "House limits"): hundredths of a coin the house holds beyond what it owes (never below 0). */
  bankroll: z.number(),
  /** Extension: the largest profit one bet may win in the round taking bets, in hundredths (null before the first round). */
  maxBetProfit: z.number().nullable(),
  /** Extension: the largest profit the house pays in that round, in hundredths; reaching it cashes every open bet out. */
  maxRoundProfit: z.number().nullable(),
  /** Extension: the table's largest bet in hundredths (MAX_BET, lowered so x1.01 stays within MAX_WIN: the bet policy's largestBet). */
  largestBet: z.number(),
  /** Extension: the largest win of one bet in hundredths (MAX_WIN): a bet reaching it is cashed out for the player. */
  maxWin: z.number(),
});
export type ReservesResponse = z.infer<typeof reserves>;

/** An amount of SOL, as a number or decimal text; the server turns it into lamports and checks its bounds. */
const sol = z.union([z.number(), z.string()], { error: 'Enter an amount in SOL' });
const wallet = z.string().refine(isAddress, { error: 'That is not a Solana address' });
export const prepareBody = body({ amount: sol });
export const payBody = body({
  paymentData: body({ amount: sol.optional(), wallet: z.string(), data: z.string().min(1) }),
});
export const withdrawBody = body({ amount: sol, wallet });
export const faucetBody = body({ amount: sol, wallet });
export const depositParams = z.object({ depositId: z.string().min(1).max(64) });

/** A Solana address: the base58 text of 32 bytes, written the one way base58 writes them. */
function isAddress(text: string): boolean {
  const bytes = bs58.decodeUnsafe(text);
  return bytes?.length === 32 && bs58.encode(bytes) === text;
}
