/**
 * The wire contract of docs/wire.md ("HTTP" and "STOMP"), shared by client and server: the types
 * inferred from the zod schemas of `src/shared/wire/`, which are the source of truth. Types only,
 * and plain values, so importing them brings no schema into the page's bundle.
 */

export type * from './wire/auth';
export type * from './wire/bet';
export type * from './wire/betObject';
export type * from './wire/events';
export type * from './wire/fields';
export type * from './wire/game';
export type * from './wire/payment';
export type * from './wire/proof';
export type * from './wire/user';
export { DESTINATIONS } from './wire/events';
export * from './wire/limitNames';
