/** A withdrawal from the page (docs/spec.md §5, §8 and "Decisions on the spec's open points"): typed in coins, requested in SOL. */

import { coinsToHundredths, hundredthsToLamports, lamportsToSol } from '../../shared/money';
import { withdrawalMinimum } from '../../shared/paymentRules';
import { api } from '../net/api';
import { refreshProfile } from '../account/profile';
import { serverMessage } from './depositFlow';
import { PlayerError, TEXT } from './messages';

/** Withdraws `coinsText` coins at `coinsPerSol` to `wallet`; resolves with the success text. */
export async function withdraw(coinsText: string, coinsPerSol: number, wallet: string | null): Promise<string> {
  const hundredths = coinsToHundredths(coinsText);
  if (hundredths === null || BigInt(hundredths) < withdrawalMinimum(coinsPerSol))
    throw new PlayerError(TEXT.withdrawMinimum);
  if (!wallet) throw new PlayerError(TEXT.walletNotConnected);
  const amount = lamportsToSol(hundredthsToLamports(BigInt(hundredths), coinsPerSol));
  const sent = await api.post('/payment/withdraw', { amount, wallet }).catch((error: unknown) => {
    throw new PlayerError(serverMessage(error) ?? TEXT.cantWithdraw, { cause: error });
  });
  await refreshProfile();
  // Above the review threshold the coins are held until an operator approves or rejects.
  return sent.signature === null ? TEXT.withdrawalHeld : TEXT.transactionSuccessful;
}
