/**
 * Deposits (docs/payments.md "Deposits"): prepare an intent, verify and submit the player's signed transfer,
 * credit it exactly once after the chain finalizes it. The intent row is the lock: only the call
 * that stores its signature submits, and only the UPDATE that moves it out of 'pending' credits.
 */

import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { and, asc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { DepositStatus, PrepareDepositResponse } from '../../shared/protocol';
import { lamportsToHundredths, lamportsToSol } from '../../shared/money';
import { TRANSFER_FEE_LAMPORTS } from '../../shared/paymentRules';
import { isUniqueViolation, type Tx } from '../db/client';
import { accounts, depositIntents } from '../db/schema';
import { ChainRejected } from '../chain/Chain';
import type { AccountRef } from '../ledger/accounts';
import type { PaymentContext } from './PaymentContext';
import { Refusal } from '../Refusal';
import { checkDeposit, limitRefusal } from '../risk/playerLimits';
import { verifyDeposit, type VerifiedDeposit } from './verifyDeposit';
import { creditIfLanded, failDeposit, settleDeposit, type DepositIntent } from './settleDeposit';

/** An intent can be paid for this long after prepare. */
const DEPOSIT_TTL_MS = 15 * 60_000;
/** How long `pay` waits for the chain before answering; the worker finishes slower deposits. */
const PAY_WAIT_MS = 40_000;
const PAY_POLL_MS = 1000;
/** The deposit instruction is a System Program transfer: programId 111…1, discriminator 2 as u32 LE. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TRANSFER_DISCRIMINATOR = [2, 0, 0, 0];
/**
 * Deposits an account may have open at once, prepared or submitted (docs/reliability.md): each
 * submitted one is watched on the chain until it settles, so nobody can tie the worker up.
 */
export const MAX_UNPAID_DEPOSITS = 3;

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** Records an intent to deposit `lamports` and tells the client how to build the transfer (docs/wire.md "Payments"). */
export async function prepareDeposit(
  ctx: PaymentContext,
  account: AccountRef,
  lamports: bigint,
): Promise<PrepareDepositResponse> {
  if (!account.wallet) throw new Refusal('invalid', 'Sign in with a wallet to deposit');
  const depositId = bs58.encode(randomBytes(16));
  await ctx.db.transaction(async (tx) => {
    // The account's row is the lock: two prepares at once cannot both take the last place.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id)).for('update');
    const now = Date.now();
    await makeRoom(tx, account.id, now);
    const hundredths = lamportsToHundredths(lamports, ctx.coinsPerSol);
    // A self-excluded player, or a deposit past a deposit limit, is refused before anything is signed.
    await checkDeposit(tx, account.id, hundredths, now);
    await tx.insert(depositIntents).values({
      depositId,
      accountId: account.id,
      lamports,
      hundredths,
      createdAt: now,
      expiresAt: now + DEPOSIT_TTL_MS,
    });
  });
  return {
    token: depositId,
    programInfo: base64Json({ programId: SYSTEM_PROGRAM, discriminator: TRANSFER_DISCRIMINATOR }),
    programData: base64Json({ adminWallets: [ctx.chain.houseAddress] }),
    vaultId: ctx.chain.houseAddress,
  };
}

/**
 * Keeps the account under MAX_UNPAID_DEPOSITS open intents: the oldest one never submitted (a
 * wallet prompt the player closed) expires now, so it can no longer be paid; when every one is
 * submitted and waiting for the chain, the new one is refused.
 */
async function makeRoom(tx: Tx, accountId: number, now: number): Promise<void> {
  const open = await tx
    .select({ id: depositIntents.id, signature: depositIntents.signature })
    .from(depositIntents)
    .where(
      and(
        eq(depositIntents.accountId, accountId),
        eq(depositIntents.status, 'pending'),
        or(isNotNull(depositIntents.signature), gt(depositIntents.expiresAt, now)),
      ),
    )
    .orderBy(asc(depositIntents.id));
  if (open.length < MAX_UNPAID_DEPOSITS) return;
  const unsubmitted = open.find((intent) => intent.signature === null);
  // A pay call may submit that one meanwhile: it then keeps its place, and this prepare is refused.
  const expired = unsubmitted
    ? await tx
        .update(depositIntents)
        .set({ expiresAt: now })
        .where(
          and(
            eq(depositIntents.id, unsubmitted.id),
            isNull(depositIntents.signature),
            gt(depositIntents.expiresAt, now),
          ),
        )
        .returning({ id: depositIntents.id })
    : [];
  if (expired.length === 0)
    throw new Refusal(
      'conflict',
      `You have ${MAX_UNPAID_DEPOSITS} deposits waiting for the chain: please wait for one to finish before starting another`,
    );
}

/** Verifies, submits once, waits for the chain, credits once; a repeated call with the same transaction gets the same answer. */
export async function payDeposit(
  ctx: PaymentContext,
  account: AccountRef,
  depositId: string,
  data: string,
): Promise<{ signature: string }> {
  const intent = await findIntent(ctx, account.id, depositId);
  if (!account.wallet) throw new Refusal('invalid', 'Sign in with a wallet to deposit');
  const wire = Buffer.from(data, 'base64');
  const { signature, blockhash } = verifyDeposit(wire, {
    wallet: account.wallet,
    house: ctx.chain.houseAddress,
    lamports: intent.lamports,
  });
  if (intent.signature !== signature) await claim(ctx, intent, { signature, blockhash }, wire, account.wallet);
  const status = await awaitSettlement(ctx, intent.id);
  if (status === 'failed')
    throw await whyRefused(
      ctx,
      account.wallet,
      intent.lamports,
      new Refusal('invalid', 'The deposit failed on the chain'),
    );
  if (status === 'held' || status === 'returned') throw await notCredited(ctx, intent.id);
  return { signature };
}

/** A deposit the chain refused or failed: the SOL its wallet lacks, when that is why, else `refusal`. */
async function whyRefused(ctx: PaymentContext, wallet: string, lamports: bigint, refusal: Refusal): Promise<Refusal> {
  const held = await ctx.chain.balance(wallet).catch(() => null);
  if (held === null || held >= lamports + TRANSFER_FEE_LAMPORTS) return refusal;
  return new Refusal(
    'invalid',
    `Not enough SOL for this deposit and its fee: your wallet holds ${lamportsToSol(held)} SOL`,
    {
      code: 'walletShort',
      params: { lamports: Number(held) },
    },
  );
}

/**
 * pending, credited, failed, expired, held or returned; a pending submitted deposit is checked on
 * the chain first (the confirm call), and so is a failed one that has a transaction, in case it
 * landed after all (then credited or held, as the limits in force say).
 */
export async function depositStatus(ctx: PaymentContext, accountId: number, depositId: string): Promise<DepositStatus> {
  const intent = await findIntent(ctx, accountId, depositId);
  if (intent.status === 'failed') return creditIfLanded(ctx, intent);
  if (intent.status !== 'pending') return intent.status as DepositStatus;
  if (intent.signature) return settleDeposit(ctx, intent);
  return intent.expiresAt <= Date.now() ? 'expired' : 'pending';
}

/** Why SOL that reached the house was not credited (limits, self-exclusion or block when it landed), and that it goes back. */
async function notCredited(ctx: PaymentContext, id: number): Promise<Refusal> {
  const [intent] = await ctx.db.select().from(depositIntents).where(eq(depositIntents.id, id));
  const why = intent?.holdRefusal ? limitRefusal(intent.holdRefusal) : null;
  return new Refusal(
    'forbidden',
    `Not credited (${why?.message ?? intent?.failReason}): the SOL goes back to your wallet`,
    why?.translatable && { code: 'depositHeld', params: { ...why.translatable.params, cause: why.translatable.code } },
  );
}

async function findIntent(ctx: PaymentContext, accountId: number, depositId: string): Promise<DepositIntent> {
  const [intent] = await ctx.db.select().from(depositIntents).where(eq(depositIntents.depositId, depositId));
  if (!intent || intent.accountId !== accountId) throw new Refusal('not_found', 'Unknown deposit');
  return intent;
}

/**
 * Stores the signature on a fresh intent (only one caller wins), then submits the transaction.
 * Its expiry is judged on its own blockhash: a server node behind the player's would otherwise
 * call a transaction that can still land expired, and the player's SOL would go uncredited.
 */
async function claim(
  ctx: PaymentContext,
  intent: DepositIntent,
  { signature, blockhash }: VerifiedDeposit,
  wire: Uint8Array,
  wallet: string,
): Promise<void> {
  if (intent.status === 'failed') throw new Refusal('conflict', 'This deposit failed, please start again');
  if (intent.status !== 'pending') throw new Refusal('conflict', 'This deposit is already paid');
  if (intent.signature) throw new Refusal('conflict', 'This deposit is already being paid');
  if (intent.expiresAt <= Date.now()) throw new Refusal('conflict', 'This deposit has expired, please start again');
  const lastValidBlockHeight = await ctx.chain.lastValidHeightOf(blockhash);
  if (lastValidBlockHeight === null)
    throw new Refusal('conflict', 'The chain does not know this transaction yet: please try the deposit again');
  const won = await ctx.db
    .update(depositIntents)
    .set({ signature, lastValidBlockHeight })
    .where(
      and(
        eq(depositIntents.id, intent.id),
        eq(depositIntents.status, 'pending'),
        isNull(depositIntents.signature),
        gt(depositIntents.expiresAt, Date.now()),
      ),
    )
    .returning({ id: depositIntents.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new Refusal('conflict', 'This transaction was already used for another deposit');
      throw error;
    });
  if (won.length === 0) {
    const [now] = await ctx.db.select().from(depositIntents).where(eq(depositIntents.id, intent.id));
    if (now?.signature === signature) return;
    throw new Refusal('conflict', 'This deposit is already being paid');
  }
  try {
    await ctx.chain.submit(wire);
  } catch (error) {
    // Refused outright (AccountNotFound, a failed simulation): closed at once instead of watched
    // until its blockhash expires. It keeps its signature, so should the player send the same
    // bytes again and they land, the confirm call still credits them (creditIfLanded).
    // A network error proves nothing: the chain's final word or the blockhash's expiry decides.
    if (!(error instanceof ChainRejected)) throw error;
    await failDeposit(ctx, { ...intent, signature }, `refused by the chain: ${error.message}`);
    throw await whyRefused(
      ctx,
      wallet,
      intent.lamports,
      new Refusal('invalid', `The chain refused the deposit: ${error.message}`),
    );
  }
}

async function awaitSettlement(ctx: PaymentContext, id: number): Promise<DepositStatus> {
  const deadline = Date.now() + PAY_WAIT_MS;
  for (;;) {
    const [intent] = await ctx.db.select().from(depositIntents).where(eq(depositIntents.id, id));
    if (!intent) throw new Refusal('not_found', 'Unknown deposit');
    const status = intent.status === 'pending' ? await settleDeposit(ctx, intent) : (intent.status as DepositStatus);
    if (status !== 'pending' || Date.now() >= deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, PAY_POLL_MS));
  }
}
