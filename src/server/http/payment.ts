/** /payment routes of docs/wire.md "Payments": thin handlers over src/server/payments. */

import type { FastifyInstance } from 'fastify';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import type { DepositStatus, PaymentEnvironment, ReservesResponse } from '../../shared/protocol';
import type { Services } from '../services';
import { depositLamports, faucetLamports, withdrawalAmount } from '../payments/amounts';
import { depositStatus, payDeposit, prepareDeposit } from '../payments/deposits';
import { proofOfReserves } from '../payments/reserves';
import { playerWithdrawals, requestWithdrawal } from '../payments/withdrawals';
import { badRequest, notFound, ok, parseBody } from './errors';
import { accountLimit, addressLimit, playerLimits } from './rateLimits';
import { idempotencyClaim } from './idempotency';
import { requireAccount } from './requireAccount';
import { body } from './schemas';
import { TtlCache } from './TtlCache';

const sol = z.union([z.number(), z.string()], { error: 'Enter an amount in SOL' });
const wallet = z.string().refine(isAddress, { error: 'That is not a Solana address' });
const prepareBody = body({ amount: sol });
const payBody = body({
  paymentData: body({ amount: sol.optional(), wallet: z.string(), data: z.string().min(1) }),
});
const withdrawBody = body({ amount: sol, wallet });
const faucetBody = body({ amount: sol, wallet });
const depositParams = z.object({ depositId: z.string().min(1).max(64) });

export function paymentRoutes(services: Services) {
  const { chain, payments, config } = services;
  return async function (app: FastifyInstance): Promise<void> {
    const { paymentPerIp, paymentPerAccount, publicPerIp } = config.rateLimits;
    const preHandler = playerLimits(app, 'payment', paymentPerIp, paymentPerAccount);
    const publicRead = addressLimit(app, 'payment-read', publicPerIp);
    // Answers reused for config.publicCacheMs: however many ask, the database and the chain RPC
    // (whose budget the payment worker needs) see one query per key in that time. The local chain
    // accepts only its newest blockhash, so its answer is never reused (a cached one could be dead).
    const blockhash = new TtlCache<string>(chain.type === 'local' ? 0 : config.publicCacheMs);
    const reserves = new TtlCache<ReservesResponse>(config.publicCacheMs);
    const depositStatuses = new TtlCache<DepositStatus>(config.publicCacheMs);

    app.get('/payment/environment', async () =>
      ok<PaymentEnvironment>({ type: chain.type, rate: config.coinsPerSol, wallet: chain.houseAddress }),
    );
    app.get('/payment/blockhash', { preHandler: publicRead }, async () =>
      ok(await blockhash.get('latest', async () => (await chain.latestBlockhash()).blockhash)),
    );
    app.get('/payment/reserves', { preHandler: publicRead }, async () =>
      ok(await reserves.get('all', () => proofOfReserves(payments))),
    );

    app.post('/payment/prepare', { preHandler }, async (request) => {
      const account = await requireAccount(request);
      const body = parseBody(prepareBody, request.body);
      return ok(await prepareDeposit(payments, account, depositLamports(body.amount)));
    });

    app.post('/payment/pay/:depositId', { preHandler }, async (request) => {
      const account = await requireAccount(request);
      const { depositId } = parseBody(depositParams, request.params);
      const { paymentData } = parseBody(payBody, request.body);
      if (paymentData.wallet !== account.wallet) throw badRequest('The deposit must be paid from your wallet');
      return ok(await payDeposit(payments, account, depositId, paymentData.data));
    });

    const statusLimit = accountLimit(app, 'deposit-status', publicPerIp);
    app.get('/payment/deposit/:depositId', { preHandler: statusLimit }, async (request) => {
      const account = await requireAccount(request);
      const { depositId } = parseBody(depositParams, request.params);
      const status = depositStatuses.get(`${account.id}:${depositId}`, () =>
        depositStatus(payments, account.id, depositId),
      );
      return ok({ status: await status });
    });

    app.post('/payment/withdraw', { preHandler }, async (request) => {
      const account = await requireAccount(request);
      const body = parseBody(withdrawBody, request.body);
      const amount = withdrawalAmount(body.amount, config.coinsPerSol);
      return ok(await requestWithdrawal(payments, account, body.wallet, amount, idempotencyClaim(request)));
    });

    app.get('/payment/withdrawals', { preHandler: statusLimit }, async (request) =>
      ok(await playerWithdrawals(payments, (await requireAccount(request)).id)),
    );

    const faucetLimit = addressLimit(app, 'faucet', paymentPerIp);
    app.post('/payment/faucet', { preHandler: faucetLimit }, async (request) => {
      const airdrop = chain.airdrop?.bind(chain);
      if (!airdrop) throw notFound();
      const body = parseBody(faucetBody, request.body);
      return ok({ signature: await airdrop(body.wallet, faucetLamports(body.amount)) });
    });
  };
}

function isAddress(text: string): boolean {
  try {
    return new PublicKey(text).toBase58() === text;
  } catch {
    return false;
  }
}
