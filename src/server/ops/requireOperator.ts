/** The operator of an /ops request, from its Bearer ops token: 401 without a live session, 403 for a viewer on an action. */

import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { OpsRole } from '../../shared/ops';
import { HttpError, unauthorized } from '../http/errors';
import { verifyOpsToken, type Operator } from './sessions';

export async function requireOperator(db: Db, request: FastifyRequest, role: OpsRole): Promise<Operator> {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized('Please sign in to the console');
  const operator = await verifyOpsToken(db, match[1]!);
  if (!operator) throw unauthorized('Your console session has ended: please sign in again');
  if (role === 'admin' && operator.role !== 'admin') throw new HttpError(403, 'Only an admin may do this');
  return operator;
}
