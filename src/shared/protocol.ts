/**
 * The wire contract of docs/wire.md ("HTTP" and "STOMP"), shared by client and server: the types
 * inferred from the zod schemas of `src/shared/wire/`, which are the source of truth.
 */

export * from './wire/auth';
export * from './wire/bet';
export * from './wire/events';
export * from './wire/fields';
export * from './wire/game';
export * from './wire/payment';
export * from './wire/user';
