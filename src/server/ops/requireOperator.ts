/** The operator of an /ops request, from its Bearer ops token: 401 without a live session, 403 for a viewer on an action. */

import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { OpsRole } from '../../shared/ops';
import { HttpError, unauthorized } from '../http/errors';
import type { Hook } from '../http/route';
import { verifyOpsToken, type Operator } from './sessions';

async function requireOperator(db: Db, request: FastifyRequest, role: OpsRole): Promise<Operator> {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized('Please sign in to the console');
  const operator = await verifyOpsToken(db, match[1]!);
  if (!operator) throw unauthorized('Your console session has ended: please sign in again');
  if (role === 'admin' && operator.role !== 'admin') throw new HttpError(403, 'Only an admin may do this');
  return operator;
}

const checked = new WeakMap<FastifyRequest, Operator>();

/**
 * The hook of every console route but sign-in. It runs before validation, so a stranger, a player
 * or a viewer on an action is answered 401 or 403 before anything is said about the request's body.
 */
export const operatorOnly =
  (db: Db, role: OpsRole): Hook =>
  async (request) => {
    checked.set(request, await requireOperator(db, request, role));
  };

/** The operator the hook found (registration puts the hook on every route that reads it). */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = checked.get(request);
  if (!operator) throw new Error('an ops route without its operator hook');
  return operator;
}
