/**
 * Routes registered from the wire's route table (src/shared/wire/routes.ts): Fastify validates each
 * request's params, query and body with the route's zod schemas and writes its answer through the
 * answer's schema (fastify-type-provider-zod), so no route answers what the contract does not say.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { envelope } from '../../shared/wire/fields';
import { routes, type Answer, type Parsed, type RouteKey, type Routes } from '../../shared/wire/routes';
import type { AccountRef } from '../ledger/accounts';
import { accountOf, signedIn } from './requireAccount';

/** A hook that runs before validation: a rate limit, or the cash-out's arrival stamp. */
type Hook = preValidationAsyncHookHandler;

/** A request once validated: its parts as the schemas made them, and its player on signed-in routes. */
type WireRequest<K extends RouteKey> = FastifyRequest & {
  body: Parsed<K, 'body'>;
  query: Parsed<K, 'query'>;
  params: Parsed<K, 'params'>;
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
  const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
  const schemas: Routes[RouteKey] = routes[key];
  const preValidation = [hooks, 'signedIn' in schemas ? [signedIn] : []].flat();
  app.route({
    method,
    url,
    schema: {
      ...('params' in schemas && { params: schemas.params }),
      ...('query' in schemas && { querystring: schemas.query }),
      ...('body' in schemas && { body: schemas.body }),
      response: { 200: envelope(schemas.answer) },
    },
    preValidation,
    handler: async (request, reply) => {
      const wire = Object.assign(request, { account: accountOf(request) }) as unknown as WireRequest<K>;
      return { success: true, data: await handler(wire, reply) };
    },
  });
}
