/**
 * The ops API's envelope and request checks. Its routes validate in their handlers with the zod
 * schemas of src/shared/ops.ts (the player API's routes are registered from the wire's route table
 * instead, docs/wire.md); a refusal answers like the player API's: 400 with the first issue's message.
 */

import type { ZodType } from 'zod';
import type { Envelope } from '../../shared/protocol';
import { badRequest } from '../http/errors';

export function ok<T>(data: T): Envelope<T> {
  return { success: true, data };
}

export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest(issue?.message && !issue.message.startsWith('Invalid input') ? issue.message : `${field}invalid value`);
}
