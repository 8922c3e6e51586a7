/** The texts players read in the profile modal (docs/spec.md §5, §8), typed error or success. */

export const TEXT = {
  connectWallet: 'Connect wallet',
  errorOccurred: 'Error occurred',
  cantDeposit: "Can't deposit now",
  walletNotConnected: "Wallet isn't connected",
  cantProcess: "Can't process transaction now",
  cantFinish: "Can't finish transaction now",
  transactionSuccessful: 'Transaction successful, funds will be credited soon',
  depositMinimum: 'Minimum amount is 0.01 SOL',
  withdrawMinimum: 'Minimum withdrawal is 200 coins',
  cantWithdraw: "Can't withdraw now",
  // The withdrawal list and an operator's review (docs/ops.md "What players see").
  underReview: 'Under review',
  withdrawalHeld: 'Your withdrawal is under review; you will see the result here',
  withdrawalSending: 'Sending',
  withdrawalSent: 'Sent',
  withdrawalFailed: 'Failed',
  coinsReturned: 'coins returned',
} as const;

export interface Message {
  type: 'error' | 'success';
  text: string;
}

/** A failure whose text is meant for the player as it is. */
export class PlayerError extends Error {
  override name = 'PlayerError';
}
