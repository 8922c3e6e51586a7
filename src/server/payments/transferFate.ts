/** What became of a transfer the house signed and stored: the one reading withdrawals and deposit returns share. */

import type { PaymentContext } from './PaymentContext';

/**
 * finalized: it landed; dead: it failed on the chain, or its blockhash expired unseen by three
 * looks (DeathWatch), so it can never land; unseen: the chain has not seen it yet, send the same
 * bytes again; waiting: nothing to do this pass.
 */
type TransferFate =
  { state: 'finalized' } | { state: 'dead'; reason: string } | { state: 'unseen' } | { state: 'waiting' };

export async function transferFate(
  ctx: PaymentContext,
  signature: string,
  lastValidBlockHeight: bigint,
): Promise<TransferFate> {
  let status = await ctx.chain.status(signature);
  if (status.state === 'unknown' && (await ctx.chain.expired(lastValidBlockHeight))) {
    // Look once more: it may have landed between the two questions.
    status = await ctx.chain.status(signature);
    if (status.state === 'unknown')
      return ctx.deathWatch.seenDead(signature)
        ? { state: 'dead', reason: 'the transfer expired before it landed' }
        : { state: 'waiting' };
  }
  ctx.deathWatch.forget(signature);
  switch (status.state) {
    case 'finalized':
      return { state: 'finalized' };
    case 'failed':
      return { state: 'dead', reason: status.reason };
    case 'unknown':
      return { state: 'unseen' };
    default:
      return { state: 'waiting' };
  }
}
