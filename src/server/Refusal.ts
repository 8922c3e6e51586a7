import type { RefusalCode, RefusalParams } from '../shared/wire/refusal';

/** Why domain code refuses a request, in words a player can read; the HTTP layer picks the status. */
export type RefusalKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many';

/** What a page needs to say a refusal in the player's language: its code and parameters (shared/wire/refusal.ts). */
interface Translatable {
  code: RefusalCode;
  params?: RefusalParams;
}

/** Thrown by domain code (auth, ledger, bets) when a request is not allowed; nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly translatable?: Translatable,
    /** For 'too_many': when a try may come again (the answer's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
