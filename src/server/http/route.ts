/**
 * Routes registered from the wire's route tables (src/shared/wire/routes.ts, and the console's
 * src/shared/wire/ops.ts): Fastify validates each request's params, query and body with the route's
 * zod schemas and writes its answer through the answer's schema (fastify-type-provider-zod), so no
 * route answers what the contract does not say.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../shared/wire/fields';
import {
  routes,
  type Answer,
  type ParsedOf,
  type RouteKey,
  type Routes,
  type RouteSchemas,
} from '../../shared/wire/routes';
import type { AccountRef } from '../ledger/accounts';
import { accountOf, signedIn } from './requireAccount';

/** A hook that runs before validation: a rate limit, the player or operator check, or the cash-out's arrival stamp. */
export type Hook = preValidationAsyncHookHandler;

/** A request once validated by the schemas S: its parts as the schemas made them. */
export type SchemaRequest<S> = FastifyRequest & {
  body: ParsedOf<S, 'body'>;
  query: ParsedOf<S, 'query'>;
  params: ParsedOf<S, 'params'>;
};

/** A request of the player route K once validated, with its player on signed-in routes. */
type WireRequest<K extends RouteKey> = SchemaRequest<Routes[K]> & {
  account: Routes[K] extends { signedIn: true } ? AccountRef : undefined;
};

/**
 * The answer's serializer, run once per `data` object: the public reads answer from caches whose
 * value is one object for PUBLIC_CACHE_MS, and checking a 500-bet page against its schema for every
 * request would cost more than writing it did without one. Answers are never mutated once returned.
 */
const serializedOnce: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (answer) => {
    const { data } = answer as { data?: unknown };
    if (typeof data !== 'object' || data === null) return serialize(answer);
    let json = written.get(data);
    if (json === undefined) written.set(data, (json = serialize(answer)));
    return json;
  };
};

/** Validation and answers by the wire's zod schemas; an absent body or query is read as `{}`. */
export function installWireCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data) => validate(data ?? {});
  });
  app.setSerializerCompiler(serializedOnce);
}

/**
 * Registers the route `key` of the table. `hooks` (rate limits first) run before the player check
 * and both before validation, so a stranger or a flood learns nothing from the rules of a body:
 * 429, then 401, then 400, as ever. The handler returns the envelope's data.
 */
export function route<K extends RouteKey>(
  app: FastifyInstance,
  key: K,
  hooks: Hook | Hook[],
  handler: (request: WireRequest<K>, reply: FastifyReply) => Promise<Answer<K>>,
): void {
  const schemas: Routes[RouteKey] = routes[key];
  const preValidation = [hooks, 'signedIn' in schemas ? [signedIn] : []].flat();
  schemaRoute(app, key, schemas, preValidation, (request, reply) =>
    handler(Object.assign(request, { account: accountOf(request) }) as unknown as WireRequest<K>, reply),
  );
}

/**
 * Registers `key` ("METHOD /path" under /api/v1) with its schemas: `preValidation` runs first, in
 * order, then the schemas check the request, then the handler's answer goes out in the envelope
 * through the answer's schema.
 */
export function schemaRoute<S extends RouteSchemas>(
  app: FastifyInstance,
  key: string,
  schemas: S,
  preValidation: Hook[],
  handler: (request: SchemaRequest<S>, reply: FastifyReply) => Promise<z.output<S['answer']>>,
): void {
  const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
  app.route({
    method,
    url,
    schema: {
      ...(schemas.params && { params: schemas.params }),
      ...(schemas.query && { querystring: schemas.query }),
      ...(schemas.body && { body: schemas.body }),
      response: { 200: envelope(schemas.answer) },
    },
    preValidation,
    handler: async (request, reply) => ({
      success: true,
      data: await handler(request as unknown as SchemaRequest<S>, reply),
    }),
  });
}
