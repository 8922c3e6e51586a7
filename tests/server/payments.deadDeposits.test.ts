import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxStatus } from '../../src/server/chain/Chain';
import { accounts, depositIntents } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { MAX_UNPAID_DEPOSITS } from '../../src/server/payments/deposits';
import { decodeDepositProgram } from '../../src/shared/deposit';
import type { PrepareDepositResponse } from '../../src/shared/protocol';
import { startServer, type TestServer } from './harness';
import { startPostgres, type PostgresCluster } from './pg';
import { LAMPORTS_PER_SOL } from '../../src/shared/constants';
import {
  balanceOf,
  call,
  fund,
  localChain,
  pay,
  playerWithCoins,
  prepare,
  signedDeposit,
  signIn,
} from './paymentClient';

const statusOf = async (t: TestServer, token: string, depositId: string) =>
  (await call<{ status: string }>(t, 'GET', `/payment/deposit/${depositId}`, undefined, token)).body.data?.status;

describe('dead deposits on PostgreSQL (docs/reliability.md)', () => {
  let pg: PostgresCluster;
  let t: TestServer;
  beforeAll(async () => {
    pg = await startPostgres();
    t = await startServer({ DATABASE_URL: await pg.createDatabase('dead_deposits') });
  });
  afterAll(async () => {
    await t?.close();
    pg?.stop();
  });

  it('closes a deposit the chain refused at once, and credits it should the same bytes land later', async () => {
    // A wallet the chain has never seen: the transfer is refused with AccountNotFound.
    const player = await signIn(t);
    const p = await prepare(t, player, 1);
    const data = await signedDeposit(t, player, p, LAMPORTS_PER_SOL);
    const reply = await pay(t, player, p.token, data, 1);
    expect(reply.status).toBe(400);
    // A wallet the chain has never seen holds 0 SOL: the refusal says so, with its code.
    expect(reply.body.errorMessage).toMatch(/^Not enough SOL for this deposit and its fee: your wallet holds 0 SOL/);
    expect(await statusOf(t, player.token, p.token)).toBe('failed');
    const [row] = await t.server.services.database.db
      .select()
      .from(depositIntents)
      .where(eq(depositIntents.depositId, p.token));
    expect(row).toMatchObject({ status: 'failed', failReason: expect.stringMatching(/^refused by the chain/) });
    // Paying it again says the same, the wallet's balance still the reason.
    expect((await pay(t, player, p.token, data, 1)).body.errorMessage).toBe(reply.body.errorMessage);

    // The player funds the wallet and sends the refused bytes themselves: the SOL reached the house.
    await fund(t, player.wallet, 2);
    await localChain(t).submit(Buffer.from(data, 'base64'));
    expect(await statusOf(t, player.token, p.token)).toBe('credited');
    expect(await statusOf(t, player.token, p.token)).toBe('credited');
    expect(await balanceOf(t, player)).toBe(1_000_000n);
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });

  it(`lets an account hold at most ${MAX_UNPAID_DEPOSITS} open deposits, however many prepares race`, async () => {
    const player = await signIn(t);
    await fund(t, player.wallet, 1);
    const prepared = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<PrepareDepositResponse>(t, 'POST', '/payment/prepare', { amount: 0.1 }, player.token),
      ),
    );
    // Each new one closes the oldest never submitted (a wallet prompt the player closed).
    const tokens = prepared.map((reply) => reply.body.data!.token);
    const statuses = await Promise.all(tokens.map((token) => statusOf(t, player.token, token)));
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(MAX_UNPAID_DEPOSITS);
    const closed = tokens[statuses.indexOf('expired')]!;
    const p = { token: closed, ...decodeDepositProgram(prepared[0]!.body.data!) };
    const data = await signedDeposit(t, player, p, LAMPORTS_PER_SOL / 10n);
    expect((await pay(t, player, closed, data, 0.1)).body.errorMessage).toBe(
      'This deposit has expired, please start again',
    );

    // Every open one submitted and waiting for the chain: a new one is refused.
    const { database, chain } = t.server.services;
    const { lastValidBlockHeight } = await chain.latestBlockhash();
    for (const token of tokens.filter((_, i) => statuses[i] === 'pending'))
      await database.db
        .update(depositIntents)
        .set({ signature: bs58.encode(randomBytes(64)), lastValidBlockHeight: lastValidBlockHeight + 1000n })
        .where(eq(depositIntents.depositId, token));
    const refused = await call(t, 'POST', '/payment/prepare', { amount: 0.1 }, player.token);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toBe(
      `You have ${MAX_UNPAID_DEPOSITS} deposits waiting for the chain: please wait for one to finish before starting another`,
    );
    await database.db
      .update(depositIntents)
      .set({ status: 'failed' })
      .where(eq(depositIntents.depositId, tokens[statuses.indexOf('pending')]!));
    expect((await call(t, 'POST', '/payment/prepare', { amount: 0.1 }, player.token)).status).toBe(200);
  });

  it('sends withdrawals while a deposit waits on a chain that does not answer', async () => {
    const { chain, database } = t.server.services;
    const status = chain.status.bind(chain);
    const submit = chain.submit.bind(chain);
    // A submitted deposit whose status question never comes back (an RPC node hanging).
    const hung = bs58.encode(randomBytes(64));
    let release!: (status: TxStatus) => void;
    const hanging = new Promise<TxStatus>((resolve) => (release = resolve));
    chain.status = (signature) => (signature === hung ? hanging : status(signature));
    try {
      const player = await playerWithCoins(t, 0.5);
      const [account] = await database.db.select().from(accounts).where(eq(accounts.wallet, player.wallet));
      await database.db.insert(depositIntents).values({
        ...{ depositId: bs58.encode(randomBytes(16)), accountId: account!.id, lamports: LAMPORTS_PER_SOL },
        ...{ hundredths: 1_000_000n, signature: hung, lastValidBlockHeight: 0n },
        ...{ createdAt: Date.now(), expiresAt: Date.now() + 60_000 },
      });
      // The withdrawal's first send is lost: only the worker's resend can pay it.
      chain.submit = () => Promise.reject(new Error('the network is down'));
      const reply = await call<{ signature: string }>(
        t,
        'POST',
        '/payment/withdraw',
        { amount: 0.5, wallet: player.wallet },
        player.token,
      );
      expect(reply.status).toBe(200);
      chain.submit = submit;
      const signature = reply.body.data!.signature;
      for (let i = 0; i < 100 && (await status(signature)).state !== 'finalized'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await status(signature)).toEqual({ state: 'finalized' });
    } finally {
      chain.submit = submit;
      chain.status = status;
      release({ state: 'unknown' });
    }
  });
});
