/**
 * A server refusal in the page's language: the envelope's code as `refusals.<code>` of the
 * catalogue, its parameters formatted as the page writes numbers, SOL and times; null for a code the
 * catalogue lacks, where the server's English sentence stands.
 */

import type { Envelope } from '../../shared/protocol';
import type { RefusalCode, RefusalParams } from '../../shared/wire/refusal';
import { lamportsToSol } from '../../shared/money';
import { formatCoins, formatSol, formatUtc } from '../i18n/format';
import { hasText, t } from '../i18n/i18n';

/** The catalogue read by a key the server named (typed catalogues know only literal keys). */
const say = t as (key: string, values?: Record<string, string>) => string;

/** Each parameter as the sentence shows it. */
function shown(params: RefusalParams): Record<string, string> {
  const { amount, largest, lamports, until, resets, count, seconds, minutes, limit, reason } = params;
  const words: Record<string, string | undefined> = {
    amount: amount === undefined ? undefined : formatCoins(amount),
    largest: largest === undefined ? undefined : formatCoins(largest),
    sol: lamports === undefined ? undefined : formatSol(lamportsToSol(BigInt(lamports))),
    until: until === undefined ? undefined : formatUtc(until),
    resets: resets === undefined ? undefined : formatUtc(resets),
    count: count === undefined ? undefined : String(count),
    seconds: seconds === undefined ? undefined : String(seconds),
    minutes: minutes === undefined ? undefined : String(minutes),
    limit: limit === undefined ? undefined : say(`refusals.limitNames.${limit}`),
    reason,
  };
  return Object.fromEntries(Object.entries(words).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The sentence of `code` with `params`, or null when the catalogue lacks it. */
function sentence(code: string | undefined, params: RefusalParams): string | null {
  const key = code && `refusals.${code}`;
  if (!key || !hasText(key)) return null;
  const words = shown(params);
  // A refusal behind this one (a held deposit's limit or exclusion) is said inside it.
  const cause = params.cause && sentence(params.cause, { ...params, cause: undefined });
  return say(key, cause ? { ...words, cause } : words);
}

/** The refusal of `body` in the page's language, or null when it carries no code the catalogue knows. */
export function refusalText(body: Envelope | undefined): string | null {
  return sentence(body?.errorCode, body?.errorParams ?? {});
}

/** A refusal the page foresees (the panel's bound on a stake), in the very words the server's refusal is said in. */
export function sayRefusal(code: RefusalCode, params: RefusalParams): string {
  return say(`refusals.${code}`, shown(params));
}
