/** Test helpers for the operator's console: operators signed in with a real TOTP code, ops calls. */

import { Secret, TOTP } from 'otpauth';
import { OPS_DESTINATIONS, type OpsRole, type OpsSession } from '../../src/shared/ops';
import { addOperator } from '../../src/server/ops/operators';
import type { TestServer } from './harness';
import { call } from './client';
import { noteSecret } from '../suiteLogs';
import { openRaw, waitUntil, type RawClient } from './stompClient';

let counter = 0;

/** The code an authenticator app shows for `secret` at `at` (ms). */
export function totpCode(secret: string, at = Date.now()): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: at });
}

export interface TestOperator extends OpsSession {
  password: string;
  totpSecret: string;
}

/** A new operator, signed in on `t` (each sign-in needs a code of a new 30 s step, so each operator signs in once here). */
export async function signedInOperator(t: TestServer, role: OpsRole): Promise<TestOperator> {
  const email = `${role}${counter++}.${Date.now()}@ops.example`;
  const { password, totpSecret } = await addOperator(t.server.services.database.db, email, role);
  noteSecret(totpSecret);
  const answer = await call<OpsSession>(t.api, 'POST', '/ops/auth', { email, password, totp: totpCode(totpSecret) });
  if (!answer.body.data) throw new Error(`ops sign-in: ${answer.body.errorMessage}`);
  return { ...answer.body.data, password, totpSecret };
}

/** An /ops call with an operator's token. */
export function ops<T = unknown>(
  t: TestServer,
  operator: { token: string },
  method: string,
  path: string,
  body?: unknown,
) {
  return call<T>(t.api, method, `/ops/${path}`, body, { token: operator.token });
}

/** A bare STOMP socket of the operator, subscribed to the audit rows (the server's receipt awaited). */
export async function operatorSocket(t: TestServer, operator: { token: string }): Promise<RawClient> {
  const raw = await openRaw(t.ws);
  const subscribe = `SUBSCRIBE\nid:0\ndestination:${OPS_DESTINATIONS.audit}\nreceipt:r\n\n\0`;
  raw.ws.send(`CONNECT\naccept-version:1.2\nauthorization:Bearer ${operator.token}\n\n\0${subscribe}`);
  await waitUntil(() => raw.text().includes('receipt-id:r'), 5000, 'the subscription');
  return raw;
}

/** True once the server has closed the socket, false if it is still open after `ms`. */
export function closedWithin(raw: RawClient, ms: number): Promise<boolean> {
  return Promise.race([raw.closed.then(() => true), new Promise<boolean>((r) => setTimeout(r, ms, false))]);
}
