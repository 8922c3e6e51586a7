/** Builds what domain code and routes share, once per process: database, bus, engine, ledger, payments. */

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { openDatabase } from './database';
import type { EventBus } from './bus/EventBus';
import { LocalBus } from './bus/LocalBus';
import { RedisBus } from './bus/RedisBus';
import { createMetrics, type Metrics } from './metrics';
import { RoundEngine } from './game/RoundEngine';
import { SeedChains, type DrawnRound } from './game/SeedChains';
import { clientSeedSource } from './game/clientSeed';
import { SEED_CHECKPOINT_EVERY } from './game/seedChainMath';
import { loadReceiptSeed, loadSeedKey } from './secrets';
import { ReceiptSigner } from './proof/ReceiptSigner';
import { PressLog } from './proof/receipts';
import { Anchorer } from './proof/anchors';
import { sealMissing, sealRound } from './proof/settlementRoots';
import { fencedDb, Leadership } from './game/Leadership';
import { openLockSession } from './db/lockSession';
import { AbandonedRounds } from './game/AbandonedRounds';
import { LeaderPulse } from './game/LeaderPulse';
import { GameClock } from './clock';
import { RoundSnapshot } from './stomp/RoundSnapshot';
import { StompServer } from './stomp/StompServer';
import { LastMessage, type Retainer } from './stomp/Retainer';
import { DESTINATIONS } from '../shared/protocol';
import { loadJwtSecret } from './auth/jwtSecret';
import { Tokens } from './auth/Tokens';
import { BetSettler } from './betting/BetSettler';
import { capRound } from './risk/roundCap';
import type { Chain } from './chain/Chain';
import { createChain } from './chain/createChain';
import type { PaymentContext } from './payments/PaymentContext';
import { PaymentWorker } from './payments/PaymentWorker';
import { DeathWatch } from './payments/DeathWatch';
import { houseCaps } from './payments/reserves';
import { clientIp, networkKey, trustProxyFn } from './clientAddress';
import { MAINTENANCE_DESTINATION, OPS_DESTINATIONS } from '../shared/ops';
import { CHAT_DESTINATIONS } from '../shared/wire/chat';
import { readPause } from './ops/maintenance';
import { verifyOpsToken } from './ops/sessions';
import { HashQueue } from './http/HashQueue';

export interface Services {
  config: Config;
  database: Database;
  bus: EventBus;
  metrics: Metrics;
  /** Runs the rounds while this process leads (never in a gateway); the ledger adds its RoundListener here. */
  engine: RoundEngine;
  /** The committed seed chains the engine draws rounds from. */
  seeds: SeedChains;
  /** Elects the one engine of the cluster that runs the rounds and fences its writes. */
  leadership: Leadership;
  stomp: StompServer;
  tokens: Tokens;
  /** The players' and operators' password hashes, bounded (PASSWORD_HASH_QUEUE). */
  hashes: HashQueue;
  /** Settles auto cash-outs and voided rounds; the round engine calls it. */
  settler: BetSettler;
  /** Rounds an engine gave up on, as the bus reports them: cash-outs on them are refused. */
  abandoned: AbandonedRounds;
  /** The database's clock: round times and cash-out instants. */
  clock: GameClock;
  /** Whether the leading engine is heard: no cash-out is taken while it is silent in flight. */
  pulse: LeaderPulse;
  chain: Chain;
  payments: PaymentContext;
  paymentWorker: PaymentWorker;
  /** Signs cash-out receipts (docs/provably-fair.md "Receipts"). */
  receipts: ReceiptSigner;
  /** What cash-outs by hand saw, written in batches. */
  presses: PressLog;
  /** Writes the settlement roots to the chain while this process runs the rounds. */
  anchorer: Anchorer;
}

/** What tests may replace; a real server passes nothing. */
export interface ServiceOptions {
  /** Where crash points come from (default: the seed chain); tests fix them to keep rounds short. */
  roundSecrets?: () => Promise<DrawnRound>;
  /** The chain to use instead of one built from config (tests keep one chain across restarts). */
  chain?: Chain;
  /** PGlite only: a migrated data folder to start from (tests/server/databaseImage.ts), not an empty one. */
  databaseImage?: Blob;
}

/** How often open deposits and withdrawals are looked at on the chain. */
const PAYMENT_POLL_MS = 1000;

/** Opens the database and wires the services together; nothing runs until the server starts them. */
export async function createServices(
  config: Config,
  log: FastifyBaseLogger,
  options: ServiceOptions = {},
): Promise<Services> {
  const database = await openDatabase({ ...config, image: options.databaseImage });
  const clock = new GameClock(config.testClockOffsetMs);
  await clock.start(database.db, log);
  const bus: EventBus = config.redisUrl ? await RedisBus.connect(config.redisUrl, log) : new LocalBus();
  const metrics = createMetrics();
  const { bettingMs, pauseMs, tickMs } = config;
  const chain = options.chain ?? createChain(config);
  if (config.redisUrl && config.chain === 'local' && !config.localChainUrl && !options.chain)
    log.warn(
      'CHAIN=local without LOCAL_CHAIN_URL in a cluster: this process keeps a chain of its own that the others do not see (npm run chain:local serves one to all)',
    );
  const session =
    database.kind === 'postgres' && config.databaseUrl && config.role !== 'gateway'
      ? await openLockSession(config.databaseUrl, config.leaderTimeoutMs)
      : null;
  const leadership = new Leadership({ db: database.db, session, log, pollMs: Math.round(config.leaderTimeoutMs / 5) });
  // The engine, its seed chains and its settlement write through the fence: nothing of a deposed
  // leader commits. A gateway runs no rounds, so there is nothing to fence (tests drive its settler by hand).
  const leaderDb = config.role === 'gateway' ? database.db : fencedDb(database.db, (tx) => leadership.fence(tx));
  const seeds = new SeedChains({
    ...{ db: leaderDb, clientSeeds: clientSeedSource(chain), log, key: loadSeedKey(config) },
    ...{ length: config.seedChainLength, checkpointEvery: SEED_CHECKPOINT_EVERY, ahead: config.seedChainAhead },
  });
  const abandoned = new AbandonedRounds(bus);
  // A real cluster's nodes lag each other: a transfer is dead only after answers 30 s apart agree.
  const deathWatch = new DeathWatch(3, config.chain === 'local' ? 0 : 30_000);
  const payments: PaymentContext = {
    ...{ db: database.db, chain, coinsPerSol: config.coinsPerSol, log, deathWatch },
    review: config.ops,
  };
  const engine = new RoundEngine({
    ...{ db: leaderDb, bus, log, metrics, clock, abandoned, bettingMs, pauseMs, tickMs },
    secrets: options.roundSecrets ?? (() => seeds.next()),
    caps: () => houseCaps(payments, config.risk),
    capRound,
    paused: async () => (await readPause(leaderDb)) !== null,
    roots: { seal: (roundId) => sealRound(leaderDb, roundId), sealMissing: () => sealMissing(leaderDb) },
  });
  const anchorer = new Anchorer({
    ...{ db: leaderDb, chain, log, everyMs: config.anchorEveryMs },
    ...{ leading: () => engine.isRunning, now: () => clock.now() },
  });
  const retainers = new Map<string, Retainer>([
    [DESTINATIONS.game, new RoundSnapshot()],
    [DESTINATIONS.online, new LastMessage()],
    [MAINTENANCE_DESTINATION, new LastMessage()],
    [OPS_DESTINATIONS.state, new LastMessage()],
  ]);
  const trust = trustProxyFn(config.trustProxy);
  const tokens = new Tokens(database.db, loadJwtSecret(config));
  const stomp = new StompServer({
    ...{ bus, metrics, heartbeatMs: config.heartbeatMs, retainers, limits: config.stomp },
    addressOf: (request) => networkKey(clientIp(request, trust)),
    playerOf: async (token) => (await tokens.verifyAccess(token))?.id ?? null,
    operatorUntil: async (token) => (await verifyOpsToken(database.db, token))?.expiresAt ?? null,
    operatorDestinations: Object.values(OPS_DESTINATIONS),
    localDestinations: [MAINTENANCE_DESTINATION, OPS_DESTINATIONS.state],
    busDestinations: [OPS_DESTINATIONS.audit, ...CHAT_DESTINATIONS],
    tickMs: config.tickMs,
    // Two ticks: in a flight the chat goes with the next tick's GAME_RATE even when that tick is late.
    batched: { destinations: CHAT_DESTINATIONS, batchMs: 2 * config.tickMs },
  });
  const settler = new BetSettler(leaderDb, { bus, metrics });
  engine.addListener(settler);
  const pulse = new LeaderPulse(bus, tickMs, () => engine.isRunning);
  // Every process runs one, and in a cluster they share the database: that is safe because each
  // step moves its row out of 'pending' (or stores a signature) in one UPDATE guarded by the state
  // it saw, with the ledger row in the same transaction, so a racing worker's UPDATE matches nothing.
  const paymentWorker = new PaymentWorker(payments, PAYMENT_POLL_MS);
  return {
    ...{ config, database, bus, metrics, engine, seeds, leadership, stomp, tokens, settler, abandoned, clock, pulse },
    ...{ chain, payments, paymentWorker, anchorer, hashes: new HashQueue(config.passwordHashQueue) },
    ...{ receipts: new ReceiptSigner(loadReceiptSeed(config)), presses: new PressLog(database.db, log) },
  };
}
