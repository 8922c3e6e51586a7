/** /bet: place, auto-place, cancel, cash out, the player's bets of the round shown now, and their history. */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { largestBet, stakeRefusal } from '../../shared/betPolicy';
import type { Services } from '../services';
import {
  cancelBet,
  cashOut,
  isTooLate,
  placeBet,
  refuseLargeStake,
  type Arrival,
  type Betting,
  type CashOutGate,
} from '../betting/bets';
import { betHistory, currentBets } from '../ledger/betViews';
import { ownBet, paidReceipt, refusedReceipt, seenHundredths, settledReceipt, type Press } from '../proof/receipts';
import { betProof } from '../proof/settlementRoots';
import { Refusal } from '../Refusal';
import { notFound } from './errors';
import { badRequest } from './errors';
import { idempotent } from './idempotency';
import { accountLimit, addressLimit, signedInAddressLimit } from './rateLimits';
import { route } from './route';

/** The /bet routes, limited per account (a crowd behind one address holds many players); cancels per address too. */
export function betRoutes(services: Services) {
  const { config, database, bus, metrics, abandoned, clock, pulse, receipts, presses } = services;
  const betting: Betting & CashOutGate = { db: database.db, bus, metrics, abandoned, maxWin: config.maxWin };
  const table = largestBet(config.maxBet, config.maxWin);
  /** The stake's upper bound is a setting, so the bet policy is asked here as well as in the wire's schema. */
  const stake = async (accountId: number, amount: number) => {
    const refusal = stakeRefusal(amount);
    if (refusal) throw badRequest(refusal);
    if (amount > table) await refuseLargeStake(database.db, accountId, amount, table);
    return amount;
  };

  return async function (app: FastifyInstance): Promise<void> {
    const limits = accountLimit(app, 'bet', config.rateLimits.betPerAccount);
    // Cash-out and cancel: per account, on a budget of their own, so no other traffic can make a cash-out 429.
    const settleLimit = accountLimit(app, 'bet-settle', config.rateLimits.betPerAccount);
    // A cancel also counts per address (signed-in cancels only): every subscriber gets its event.
    const cancelLimits = [settleLimit, signedInAddressLimit(app, 'bet-cancel', config.rateLimits.betPerIp)];

    route(app, 'POST /bet/create', limits, async (request) => {
      const { account, body } = request;
      const amount = await stake(account.id, body.amount);
      return idempotent(database.db, account.id, request, (claim) => placeBet(betting, account, amount, null, claim));
    });

    route(app, 'POST /bet/create/auto', limits, async (request) => {
      const { account, body } = request;
      const amount = await stake(account.id, body.amount);
      return idempotent(database.db, account.id, request, (claim) =>
        placeBet(betting, account, amount, body.rate, claim),
      );
    });

    route(app, 'POST /bet/cancel', cancelLimits, async ({ account, body }) => cancelBet(betting, account, body.betId));

    // A cash-out is judged at the instant it has arrived whole, before it waits for its rate limit or a database
    // connection. Not when its headers arrive: a client could hold the body back until it has seen the crash.
    const arrivals = new WeakMap<FastifyRequest, Arrival>();
    const stamp = async (request: FastifyRequest) => {
      arrivals.set(request, { at: clock.now(), leaderSilent: pulse.silent() });
    };
    route(app, 'POST /bet/refund', [stamp, settleLimit], async (request) => {
      const { account, body } = request;
      const arrival = arrivals.get(request)!;
      const press: Press = {
        betId: body.betId,
        seenRate: seenHundredths(body.seenRate),
        acceptedRate: null,
        receivedAt: arrival.at,
      };
      try {
        const { paid, ...answer } = await cashOut(betting, account, body.betId, arrival);
        press.acceptedRate = paid.rate;
        presses.add(press);
        return { ...answer, receipt: paidReceipt(receipts, paid, press) };
      } catch (error) {
        throw await withRefusedReceipt(error, account.id, press);
      }
    });

    /** A cash-out refused because it came after the crash carries the signed receipt of that refusal. */
    const withRefusedReceipt = async (error: unknown, accountId: number, press: Press) => {
      if (!isTooLate(error)) return error;
      const bet = await ownBet(database.db, accountId, press.betId);
      if (!bet) return error;
      presses.add(press);
      return new Refusal(error.kind, error.message, error.translatable, undefined, {
        receipt: refusedReceipt(receipts, bet, press, clock.now()),
      });
    };

    route(app, 'GET /bet/:betId/receipt', settleLimit, async ({ account, params }) =>
      settledReceipt(database.db, receipts, presses, account.id, params.betId),
    );

    // Public: a bet shared in chat links here, and anyone checks it against the round's published root.
    const proofLimit = addressLimit(app, 'bet-proof', config.rateLimits.publicPerIp);
    route(app, 'GET /bet/:betId/proof', proofLimit, async ({ params }) => {
      const proof = await betProof(database.db, params.betId);
      if (!proof) throw notFound('No proof for this bet: unknown, canceled, or its round is not settled yet');
      return proof;
    });

    route(app, 'GET /bet/current', limits, async ({ account }) => currentBets(database.db, account, config.maxWin));

    route(app, 'GET /bet/history', limits, async ({ account, query }) => ({
      betHistory: await betHistory(database.db, account.id, query.before),
    }));
  };
}
