/** What /api/v1/ops takes: path ids, page cursors, search and audit filters, and the actions' bodies (docs/ops.md "API"). */

import { z } from 'zod';
import { TYPED_HUNDREDTHS_MAX } from '../constants';
import { body, text } from './fields';

const PAGE_MAX = 200;
const PAGE_DEFAULT = 50;

/** Why an admin acts: kept in the audit log. */
const reasonText = z
  .string({ error: 'reason is required' })
  .trim()
  .min(3, 'reason must be 3 to 200 characters')
  .max(200, 'reason must be 3 to 200 characters');
export const reasonBody = body({ reason: reasonText });

/** A row id as text, in a path (`:id`) or as a page's `before`. */
const rowId = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, message)
    .transform(Number);
export const idParams = z.object({ id: rowId('id must be a number') });
const before = rowId('before must be an id').optional();
const limit = z.coerce
  .number({ message: `limit must be a whole number from 1 to ${PAGE_MAX}` })
  .int()
  .min(1)
  .max(PAGE_MAX)
  .default(PAGE_DEFAULT);

export const withdrawalsQuery = z.object({ status: z.enum(['review', 'all']).default('review'), before, limit });
export const creditsQuery = z.object({ status: z.enum(['held', 'all']).default('held'), before, limit });
export const ledgerQuery = z.object({ before, limit });
export const auditQuery = z.object({
  ...{ actor: z.string().max(254).optional(), action: z.string().max(32).optional() },
  ...{ target: z.string().max(64).optional(), before, limit },
});
export const searchQuery = z.object({ q: text('q', 128) });

/** A credit (or, negative, a debit) in hundredths of a coin, like every amount on the wire. */
export const adjustBody = body({
  amount: z
    .number({ error: 'amount is a whole number of hundredths of a coin' })
    .int('amount is a whole number of hundredths of a coin')
    .refine((hundredths) => hundredths !== 0, 'amount must not be 0')
    .refine((hundredths) => Math.abs(hundredths) <= TYPED_HUNDREDTHS_MAX, 'amount is too large'),
  reason: reasonText,
});
export const authBody = body({ email: text('email', 254), password: text('password', 200), totp: text('totp', 12) });
