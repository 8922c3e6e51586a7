/** /payment routes of docs/wire.md "Payments": thin handlers over src/server/payments. */

import type { FastifyInstance } from 'fastify';
import type { DepositStatus, ReservesResponse } from '../../shared/protocol';
import type { Services } from '../services';
import { depositLamports, faucetLamports, withdrawalAmount } from '../payments/amounts';
import { depositStatus, payDeposit, prepareDeposit } from '../payments/deposits';
import { proofOfReserves } from '../payments/reserves';
import { largestBet } from '../../shared/betPolicy';
import { playerWithdrawals, requestWithdrawal } from '../payments/withdrawals';
import { ChainRejected } from '../chain/Chain';
import { badRequest } from './errors';
import { accountLimit, callerLimits, unmetered } from './rateLimits';
import { idempotencyClaim } from './idempotency';
import { route } from './route';
import { TtlCache } from './TtlCache';

export function paymentRoutes(services: Services) {
  const { chain, payments, config } = services;
  return async function (app: FastifyInstance): Promise<void> {
    const { paymentPerIp, paymentPerAccount, publicPerIp, perAccount } = config.rateLimits;
    // Deposits and withdrawals cost chain calls and transactions: per account, whatever the address.
    const limits = accountLimit(app, 'payment', paymentPerAccount);
    const publicRead = callerLimits(app, 'payment-read', publicPerIp, perAccount);
    // Answers reused for config.publicCacheMs: however many ask, the database and the chain RPC
    // (whose budget the payment worker needs) see one query per key in that time. The local chain
    // accepts only its newest blockhash, so its answer is never reused (a cached one could be dead).
    const blockhash = new TtlCache<string>(chain.type === 'local' ? 0 : config.publicCacheMs);
    const reserves = new TtlCache<ReservesResponse>(config.publicCacheMs);
    const depositStatuses = new TtlCache<DepositStatus>(config.publicCacheMs);

    route(app, 'GET /payment/environment', unmetered('three settings'), async () => ({
      type: chain.type,
      rate: config.coinsPerSol,
      wallet: chain.houseAddress,
    }));
    route(app, 'GET /payment/blockhash', publicRead, async () =>
      blockhash.get('latest', async () => (await chain.latestBlockhash()).blockhash),
    );
    // The table's limits ride along: the page says the smallest limit a stake passes (shared/betPolicy.ts stakeBound).
    const table = { largestBet: largestBet(config.maxBet, config.maxWin), maxWin: config.maxWin };
    route(app, 'GET /payment/reserves', publicRead, async () =>
      reserves.get('all', async () => ({ ...(await proofOfReserves(payments)), ...table })),
    );

    route(app, 'POST /payment/prepare', limits, async ({ account, body }) =>
      prepareDeposit(payments, account, depositLamports(body.amount)),
    );

    route(app, 'POST /payment/pay/:depositId', limits, async ({ account, params, body }) => {
      if (body.paymentData.wallet !== account.wallet) throw badRequest('The deposit must be paid from your wallet');
      return payDeposit(payments, account, params.depositId, body.paymentData.data);
    });

    const statusLimit = accountLimit(app, 'deposit-status', perAccount);
    route(app, 'GET /payment/deposit/:depositId', statusLimit, async ({ account, params }) => ({
      status: await depositStatuses.get(`${account.id}:${params.depositId}`, () =>
        depositStatus(payments, account.id, params.depositId),
      ),
    }));

    route(app, 'POST /payment/withdraw', limits, async (request) => {
      const { account, body } = request;
      const amount = withdrawalAmount(body.amount, config.coinsPerSol);
      return requestWithdrawal(payments, account, body.wallet, amount, idempotencyClaim(request));
    });

    route(app, 'GET /payment/withdrawals', statusLimit, async ({ account }) => playerWithdrawals(payments, account.id));
    route(app, 'GET /payment/wallet', statusLimit, async ({ account }) => {
      const held = account.wallet === null ? null : await chain.balance(account.wallet).catch(() => null);
      return { lamports: held === null ? null : Number(held) };
    });

    // Only a chain that can airdrop has a faucet; elsewhere the path is unknown (404).
    const airdrop = chain.airdrop?.bind(chain);
    if (!airdrop) return;
    const faucetLimit = callerLimits(app, 'faucet', paymentPerIp, paymentPerAccount);
    route(app, 'POST /payment/faucet', faucetLimit, async ({ body }) => {
      try {
        return { signature: await airdrop(body.wallet, faucetLamports(body.amount)) };
      } catch (error) {
        // The chain refuses a transfer to an account it will not credit (a sysvar, a program).
        if (error instanceof ChainRejected) throw badRequest('This wallet cannot receive SOL');
        throw error;
      }
    });
  };
}
