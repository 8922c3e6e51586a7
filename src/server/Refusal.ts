/** Why domain code refuses a request, in words a player can read; the HTTP layer picks the status. */
export type RefusalKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many';

/** Thrown by domain code (auth, ledger, bets) when a request is not allowed; nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Sent with the refusal as the envelope's `data` (a refused cash-out's receipt). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
