/** zod building blocks of the wire: the envelope, and request fields with messages a player can read. */

import { z } from 'zod';
import type { RefusalCode, RefusalParams } from './refusal';

/** Every JSON answer is this envelope (docs/wire.md "Envelope and statuses"); a client reads `data.data`. */
export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ success: z.literal(true), data });
/**
 * Either envelope, the answer or a refusal (`errorMessage` a sentence a player can read, and for the
 * refusals a page translates `errorCode` and `errorParams`, wire/refusal.ts), as a reader holds it
 * before looking at `success`.
 */
export type Envelope<T = unknown> = {
  success: boolean;
  data?: T;
  errorMessage?: string;
  errorCode?: RefusalCode;
  errorParams?: RefusalParams;
};

/** Exactly these fields, anything else refused by name; `what` is said when it is not an object at all. */
function strictFields<T extends z.ZodRawShape>(shape: T, what: string) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : what),
  });
}

/** A JSON object body with exactly these fields. */
export const body = <T extends z.ZodRawShape>(shape: T) =>
  strictFields(shape, 'The request body must be a JSON object');

/** A query string with exactly these fields. */
export const query = <T extends z.ZodRawShape>(shape: T) => strictFields(shape, 'The query must name its fields');

/** A required non-empty string of at most `max` characters. */
export function text(name: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);
}

/** A required JSON number. */
export function number(name: string) {
  return z.number({
    error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a number`),
  });
}

/** An optional bet id in a query, the cursor of newest-first bet pages: the last betId of the previous page. */
export const beforeBet = z
  .string()
  .regex(/^\d{1,16}$/, 'before must be a bet id')
  .transform(Number)
  .optional();

/** A whole number query field from 1 to `max`, `fallback` when absent: the size of a page. */
export function pageSize(max: number, fallback: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z.coerce.number({ message }).int(message).min(1, message).max(max, message).default(fallback);
}

/** A round number in a path or query: a positive integer as text. */
export const roundNumber = (name: string) => z.string().regex(/^[1-9]\d{0,14}$/, `${name} must be a round number`);
