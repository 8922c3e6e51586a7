/**
 * What a chat message may say (docs/chat.md "Safety"): plain text of at most CHAT_MAX_CHARS, no
 * link, no wallet address, no referral code, no flood of one character or word. A scam in a crash
 * game's chat starts with a link or an address, so those are refused rather than shown.
 */

import { CHAT_MAX_CHARS, chatLength } from '../../shared/wire/chat';
import type { RefusalCode } from '../../shared/wire/refusal';
import { Refusal } from '../Refusal';

/** Control and invisible characters (zero-width spaces and joiners, bidi overrides) that can hide a link. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Top-level domains a scam link is likely to use, as in "stake-bonus.gg" or "t.me/x". */
const TLDS =
  'com|net|org|io|gg|xyz|me|co|ru|br|es|pt|app|bet|casino|ly|link|top|site|online|club|vip|pro|info|biz|tk|cc|to|sh|dev|fun|win|money|cash|live|store|shop|tv|us|uk|de|su|in|ai';
const LINK = new RegExp(
  `(?:[a-z][a-z0-9+.-]*://|www\\.|\\b[a-z0-9-]{1,63}(?:\\.|\\s*\\[\\.\\]\\s*|\\s*\\(dot\\)\\s*)(?:${TLDS})\\b)`,
  'i',
);
/** Solana (base58, 32–44), Ethereum (0x + 40 hex) and Bitcoin (bech32) addresses. */
const WALLET = [/\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/, /\b0x[0-9a-fA-F]{40}\b/, /\bbc1[02-9ac-hj-np-z]{11,71}\b/i];
/** "refId=", "ref code:", "promo code ABC…": an invitation to someone's referral. */
const REFERRAL = /\b(?:ref(?:id|code|erral)?|promo\s*code|invite\s*code)\s*[:=#]/i;
/** The shape of a player's referral code (accounts.referral_code): 10 letters and digits. */
const CODE_LIKE = /\b[A-Za-z0-9]{10}\b/g;
/** One character ten times in a row, or one word five times in a row. */
const FLOOD = [/(\S)\1{9,}/u, /(\S+)(?:\s+\1){4,}/iu];

/** The text as stored: invisible characters removed, runs of white space (newlines too) made one space, trimmed. */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** The text as the rules read it: compatibility forms folded, so "ｗｗｗ．" is "www.". */
const folded = (text: string) => text.normalize('NFKC');

/** Refuses a cleaned text that breaks a rule, with the reason in words a player can read. */
export function checkText(text: string): void {
  const invalid = (message: string, code: RefusalCode) => new Refusal('invalid', message, { code });
  if (text === '') throw invalid('Write something first', 'chatEmpty');
  if (chatLength(text) > CHAT_MAX_CHARS)
    throw new Refusal('invalid', `A message is at most ${CHAT_MAX_CHARS} characters`, {
      code: 'chatTooLong',
      params: { count: CHAT_MAX_CHARS },
    });
  const plain = folded(text);
  if (LINK.test(plain)) throw invalid('Links are not allowed in the chat', 'chatLink');
  if (WALLET.some((pattern) => pattern.test(plain)))
    throw invalid('Wallet addresses are not allowed in the chat', 'chatWallet');
  if (REFERRAL.test(plain)) throw referralRefusal();
  if (FLOOD.some((pattern) => pattern.test(plain))) throw invalid('Please do not flood the chat', 'chatFlood');
}

/** A referral code in a text, by its form or found in the database. */
export const referralRefusal = () =>
  new Refusal('invalid', 'Referral codes are not allowed in the chat', { code: 'chatReferral' });

/** The words of a text that could be a referral code, for the database to look up. */
export function codeLikeWords(text: string): string[] {
  return [...new Set(folded(text).match(CODE_LIKE) ?? [])];
}

/** A text as repeats are compared: case and spacing aside. */
export function repeatKey(text: string): string {
  return folded(text)
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, '');
}
