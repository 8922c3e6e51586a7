/** A payment request the rules refuse; `reason` lets the HTTP layer pick the status, `message` is for the player. */
export class PaymentError extends Error {
  constructor(
    readonly reason: 'invalid' | 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/** The request breaks a rule (400). */
export const invalid = (message: string) => new PaymentError('invalid', message);
/** The request fits the rules but not the current state of the deposit or withdrawal (409). */
export const conflicting = (message: string) => new PaymentError('conflict', message);
