/**
 * The route table: every JSON route of docs/wire.md "HTTP" with the schemas of its path parameters,
 * query, body and answer (the envelope's `data`). The server registers its routes from it (validation
 * and serialisation), the page's client takes its types from it, docs/wire.md is generated from it.
 */

import { z } from 'zod';
import { loginBody, nonceQuery, registration, signInInput, tokenAnswer } from './auth';
import { bet } from './betObject';
import {
  autoBetBody,
  betBody,
  betHistory,
  betHistoryQuery,
  betIdAnswer,
  betIdBody,
  betWithRound,
  cashOutAnswer,
  currentBets,
  refundBody,
} from './bet';
import { anchors, anchorsQuery, betParams, betProof, cashOutLatency, receipt, receiptKeys } from './proof';
import {
  fairnessInfo,
  gameIdParams,
  gameInfo,
  gameStatus,
  lastQuery,
  leadersQuery,
  roundBetsQuery,
  roundDetails,
  roundHistoryEntry,
  roundsQuery,
} from './game';
import { chatRoutes } from './chatRoutes';
import { liveness } from './health';
import {
  depositParams,
  depositStatusAnswer,
  faucetBody,
  paymentEnvironment,
  walletBalanceAnswer,
  payBody,
  prepareBody,
  prepareDepositAnswer,
  reserves,
  playerWithdrawal,
  signatureAnswer,
  withdrawAnswer,
  withdrawBody,
} from './payment';
import { exclusionBody, limitsBody, playerLimits, playerStats, profile, sessionQuery, sessionResult } from './user';

/** What one route takes and answers. */
export interface RouteSchemas {
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  answer: z.core.$ZodType;
  /** The route needs a signed-in player (a Bearer access token). */
  signedIn?: true;
}

export const routes = {
  'GET /auth/nonce': { query: nonceQuery, answer: signInInput },
  'POST /auth/authenticate': { body: loginBody, answer: tokenAnswer },
  'POST /auth/register': { body: registration, answer: tokenAnswer },
  'POST /auth/refresh': { answer: tokenAnswer },
  'POST /auth/logout': { answer: z.null() },

  'GET /user/profile': { answer: profile, signedIn: true },
  'GET /user/stats': { answer: playerStats, signedIn: true },
  'GET /user/limits': { answer: playerLimits, signedIn: true },
  'PUT /user/limits': { body: limitsBody, answer: playerLimits, signedIn: true },
  'POST /user/exclusion': { body: exclusionBody, answer: playerLimits, signedIn: true },
  'GET /user/session': { query: sessionQuery, answer: sessionResult, signedIn: true },

  'GET /game/info': { answer: gameInfo },
  'GET /game/last': { query: lastQuery, answer: z.array(roundHistoryEntry) },
  'GET /game/bets/:gameId': { params: gameIdParams, query: roundBetsQuery, answer: z.array(bet) },
  'GET /game/leaders': { query: leadersQuery, answer: z.array(betWithRound) },
  'GET /game/fairness': { answer: fairnessInfo },
  'GET /game/round/:gameId': { params: gameIdParams, answer: roundDetails },
  'GET /game/rounds': { query: roundsQuery, answer: z.array(roundDetails) },
  'GET /game/status': { answer: gameStatus },

  'GET /fairness/keys': { answer: receiptKeys },
  'GET /fairness/anchors': { query: anchorsQuery, answer: anchors },
  'GET /fairness/latency': { answer: cashOutLatency },

  'POST /bet/create': { body: betBody, answer: betIdAnswer, signedIn: true },
  'POST /bet/create/auto': { body: autoBetBody, answer: betIdAnswer, signedIn: true },
  'POST /bet/cancel': { body: betIdBody, answer: betIdAnswer, signedIn: true },
  'POST /bet/refund': { body: refundBody, answer: cashOutAnswer, signedIn: true },
  'GET /bet/:betId/receipt': { params: betParams, answer: receipt, signedIn: true },
  'GET /bet/:betId/proof': { params: betParams, answer: betProof },
  'GET /bet/current': { answer: currentBets, signedIn: true },
  'GET /bet/history': { query: betHistoryQuery, answer: betHistory, signedIn: true },

  'GET /payment/environment': { answer: paymentEnvironment },
  'GET /payment/blockhash': { answer: z.string() },
  'GET /payment/reserves': { answer: reserves },
  'POST /payment/prepare': { body: prepareBody, answer: prepareDepositAnswer, signedIn: true },
  'POST /payment/pay/:depositId': { params: depositParams, body: payBody, answer: signatureAnswer, signedIn: true },
  'GET /payment/deposit/:depositId': { params: depositParams, answer: depositStatusAnswer, signedIn: true },
  'POST /payment/withdraw': { body: withdrawBody, answer: withdrawAnswer, signedIn: true },
  'GET /payment/withdrawals': { answer: z.array(playerWithdrawal), signedIn: true },
  'GET /payment/wallet': { answer: walletBalanceAnswer, signedIn: true },
  'POST /payment/faucet': { body: faucetBody, answer: signatureAnswer },

  'GET /health': { answer: liveness },
  ...chatRoutes,
} as const satisfies Record<string, RouteSchemas>;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;
export type Method = RouteKey extends `${infer M} ${string}` ? M : never;
/** The paths a method has, e.g. PathOf<'GET'> includes '/game/last'. */
export type PathOf<M extends Method> = RouteKey extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
type Part<S, P extends 'params' | 'query' | 'body'> =
  S extends Record<P, infer T extends z.core.$ZodType> ? T : undefined;
/** What part P of a route with schemas S takes on the wire (before its transforms), or undefined when it has none. */
export type InputOf<S, P extends 'params' | 'query' | 'body'> =
  Part<S, P> extends z.core.$ZodType ? z.input<Part<S, P>> : undefined;
/** What part P of a route with schemas S is once validated (after its transforms), or undefined when it has none. */
export type ParsedOf<S, P extends 'params' | 'query' | 'body'> =
  Part<S, P> extends z.core.$ZodType ? z.output<Part<S, P>> : undefined;
/** The envelope's `data` of a route. */
export type Answer<K extends RouteKey> = z.output<Routes[K]['answer']>;
