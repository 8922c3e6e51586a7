/** The whole Drizzle schema, one file per domain. */
export * from './rounds';
export * from './seedChains';
export * from './accounts';
export * from './auth';
export * from './bets';
export * from './payments';
export * from './leadership';
export * from './playerLimits';
export * from './ops';
export * from './chat';
