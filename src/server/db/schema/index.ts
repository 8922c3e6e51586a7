/** The whole Drizzle schema, one file per domain. */
export * from './rounds';
export * from './payments';
