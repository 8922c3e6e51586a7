/**
 * Proof of settlement (docs/wire.md "Proof of settlement", docs/provably-fair.md): signed cash-out
 * receipts, a bet's audit path to its round's settlement root, the receipt keys, the anchors on the
 * chain and the published cash-out latency.
 */

import { z } from 'zod';
import { beforeBet, body } from './fields';

/** A signed receipt: `payload` is the exact UTF-8 text signed, `signature` base64 of its Ed25519 signature. */
export const receipt = z.object({ payload: z.string(), signature: z.string() });
export type Receipt = z.infer<typeof receipt>;

/** What a receipt's payload says, once parsed (its keys are in this order in the text: sorted, RFC 8785). */
export interface ReceiptPayload {
  /** Whole hundredths staked. */
  amount: number;
  /** The accepted cash-out multiplier (the wire's rate unit), null when refused or not cashed out. */
  acceptedRate: number | null;
  /** True when the server cashed the bet out (its auto target, MAX_WIN or the round's limit). */
  auto: boolean;
  betId: string;
  gameId: string;
  /** The id of the key that signed it, in GET /fairness/keys. */
  keyId: string;
  /** cashout: paid at acceptedRate; loss: the round crashed first; refund: the round was voided; refused: a cash-out that came too late. */
  outcome: 'cashout' | 'loss' | 'refund' | 'refused';
  /** Server ms when the cash-out request arrived whole; null without one. */
  receivedAt: number | null;
  /** The multiplier the page showed when the player pressed, as it sent it; null without one. */
  seenRate: number | null;
  /** Server ms when the bet was settled (for a refusal, when it was refused); null while open. */
  settledAt: number | null;
  /** Hundredths paid back: the win, the refund, or 0 for a loss or a refusal. */
  winAmount: number;
}

/** A bet id in a path. */
export const betParams = z.object({
  betId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'betId must be a bet id')
    .transform(Number),
});

/** GET /bet/{betId}/proof: a bet's leaf and its RFC 6962 audit path to its round's settlement root. */
export const betProof = z.object({
  gameId: z.string(),
  /** The exact leaf text (canonical JSON) whose hash is leaf `index` of the tree. */
  leaf: z.string(),
  index: z.number(),
  treeSize: z.number(),
  /** Sibling hashes in hex, nearest first. */
  path: z.array(z.string()),
  /** The round's published settlement root (hex). */
  root: z.string(),
});
export type BetProof = z.infer<typeof betProof>;

const receiptKey = z.object({
  id: z.string(),
  /** base64 of the 32 raw bytes of the Ed25519 public key. */
  publicKey: z.string(),
  /** ms timestamps of the key's use; `until` null for the key in use. */
  from: z.number(),
  until: z.number().nullable(),
});
export const receiptKeys = z.object({ keys: z.array(receiptKey) });
export type ReceiptKeys = z.infer<typeof receiptKeys>;

const anchor = z.object({
  anchorId: z.string(),
  /** The rounds whose settlement roots it covers, oldest and newest. */
  fromGameId: z.string(),
  toGameId: z.string(),
  /** How many round roots are its leaves. */
  rounds: z.number(),
  /** RFC 6962 root over the leaves {"gameId","settlementRoot"} of those rounds in order (hex). */
  root: z.string(),
  /** The memo text written to the chain. */
  memo: z.string(),
  /** The memo transaction's signature (base58). */
  signature: z.string(),
  createdAt: z.number(),
});
export type Anchor = z.infer<typeof anchor>;
export const anchors = z.object({
  /** local, devnet, test or main: where `signature` can be looked up. */
  chain: z.string(),
  anchors: z.array(anchor),
});
export type AnchorsResponse = z.infer<typeof anchors>;
export const anchorsQuery = body({ before: beforeBet });

/** GET /fairness/latency: the last hour's gap between the seen and the accepted rate of cash-outs by hand, over all players. */
export const cashOutLatency = z.object({
  /** ms timestamp the hour starts at. */
  since: z.number(),
  /** Cash-outs by hand that sent a seen rate. */
  count: z.number(),
  /** The gap as flight time (ms): how much later on the curve the accepted rate is than the seen one. */
  p50Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
});
export type CashOutLatency = z.infer<typeof cashOutLatency>;
