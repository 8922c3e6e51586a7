/** Why domain code refuses a request, in words a player can read; the HTTP layer picks the status. */
export type RefusalKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many';

/** Thrown by domain code (auth, ledger, bets) when a request is not allowed; nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** For 'too_many': when a try may come again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
