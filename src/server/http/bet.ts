/** /bet: place, auto-place, cancel, cash out, the player's bets of the round shown now, and their history. */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTO_RATE_MAX, AUTO_RATE_MIN } from '../../shared/constants';
import { formatCoins } from '../../shared/money';
import type { Services } from '../services';
import {
  cancelBet,
  cashOut,
  largestBet,
  MIN_BET,
  placeBet,
  type Arrival,
  type Betting,
  type CashOutGate,
} from '../betting/bets';
import { betHistory, currentBets } from '../ledger/betViews';
import { ok, parseBody } from './errors';
import { idempotent } from './idempotency';
import { accountLimit, playerLimits, signedInAddressLimit } from './rateLimits';
import { requireAccount } from './requireAccount';
import { beforeBet, body, number } from './schemas';

const NOT_A_BET = 'betId must be a bet id';
const betId = z
  .union(
    [
      z.string().regex(/^[1-9]\d{0,15}$/, NOT_A_BET),
      z.number().int(NOT_A_BET).min(1, NOT_A_BET).max(Number.MAX_SAFE_INTEGER, NOT_A_BET),
    ],
    {
      error: (issue) => (issue.input === undefined ? 'betId is required' : NOT_A_BET),
    },
  )
  .transform(Number);

/** A multiplier with at most two decimals, as integer hundredths. */
const target = number('rate')
  .min(AUTO_RATE_MIN, `rate must be between ${AUTO_RATE_MIN} and ${AUTO_RATE_MAX}`)
  .max(AUTO_RATE_MAX, `rate must be between ${AUTO_RATE_MIN} and ${AUTO_RATE_MAX}`)
  .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, 'rate can have at most two decimals')
  .transform((rate) => Math.round(rate * 100));

/** The /bet routes, with per-IP and per-account rate limits. */
export function betRoutes(services: Services) {
  const { config, database, bus, metrics, abandoned, clock, pulse } = services;
  const betting: Betting & CashOutGate = { db: database.db, bus, metrics, abandoned, maxWin: config.maxWin };
  const largest = largestBet(config.maxBet, config.maxWin);
  const amount = number('amount')
    .int('amount must be a whole number of hundredths (at most two decimals)')
    .min(MIN_BET, `The smallest bet is ${formatCoins(MIN_BET)} coins`)
    .max(largest, `The largest bet is ${formatCoins(largest)} coins`);
  const plain = body({ amount });
  const auto = body({ amount, rate: target });
  const byId = body({ betId });
  const historyQuery = body({ before: beforeBet });

  return async function (app: FastifyInstance): Promise<void> {
    const preHandler = playerLimits(app, 'bet', config.rateLimits.betPerIp, config.rateLimits.betPerAccount);
    // Cash-out and cancel: per account, on a budget of their own, so no other traffic can make a cash-out 429.
    const settleLimit = accountLimit(app, 'bet-settle', config.rateLimits.betPerAccount);
    // A cancel also counts per address (signed-in cancels only): every subscriber gets its event.
    const cancelLimits = [settleLimit, signedInAddressLimit(app, 'bet-cancel', config.rateLimits.betPerIp)];

    app.post('/bet/create', { preHandler }, async (request) => {
      const account = await requireAccount(request);
      const bet = parseBody(plain, request.body);
      return ok(
        await idempotent(database.db, account.id, request, (claim) =>
          placeBet(betting, account, bet.amount, null, claim),
        ),
      );
    });

    app.post('/bet/create/auto', { preHandler }, async (request) => {
      const account = await requireAccount(request);
      const bet = parseBody(auto, request.body);
      return ok(
        await idempotent(database.db, account.id, request, (claim) =>
          placeBet(betting, account, bet.amount, bet.rate, claim),
        ),
      );
    });

    app.post('/bet/cancel', { preHandler: cancelLimits }, async (request) => {
      const account = await requireAccount(request);
      return ok(await cancelBet(betting, account, parseBody(byId, request.body).betId));
    });

    // A cash-out is judged at the instant it has arrived whole, before it waits for its rate limit or a database
    // connection. Not when its headers arrive: a client could hold the body back until it has seen the crash.
    const arrivals = new WeakMap<FastifyRequest, Arrival>();
    const stamp = async (request: FastifyRequest) => {
      arrivals.set(request, { at: clock.now(), leaderSilent: pulse.silent() });
    };
    app.post('/bet/refund', { preValidation: stamp, preHandler: settleLimit }, async (request) => {
      const account = await requireAccount(request);
      return ok(await cashOut(betting, account, parseBody(byId, request.body).betId, arrivals.get(request)!));
    });

    app.get('/bet/current', { preHandler }, async (request) => {
      return ok(await currentBets(database.db, await requireAccount(request)));
    });

    app.get('/bet/history', { preHandler }, async (request) => {
      const account = await requireAccount(request);
      const { before } = parseBody(historyQuery, request.query);
      return ok({ betHistory: await betHistory(database.db, account.id, before) });
    });
  };
}
