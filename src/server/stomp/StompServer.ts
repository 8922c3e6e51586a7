import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ONLINE_THROTTLE_MS, WS_PATH } from '../../shared/constants';
import { DESTINATIONS, type OnlineEvent } from '../../shared/protocol';
import type { EventBus } from '../bus/EventBus';
import type { Metrics } from '../metrics';
import { Batch } from '../../shared/Batch';
import { Broadcaster, type Outgoing } from './Broadcaster';
import { MAX_FRAME_BYTES } from './frame';
import { OnlineCounter } from './OnlineCounter';
import { Stride } from './Stride';
import { CLUSTER_REPORT_MS, ClusterTotal, clusterReport } from '../bus/ClusterTotal';
import type { Retainer } from './Retainer';
import { LimitError, sendError, StompSession, type SessionHost } from './StompSession';

/** A session with its socket and a promise of its closing. */
interface OpenSession {
  session: StompSession;
  ws: WebSocket;
  closed: Promise<void>;
  /** Admitted without a valid access token: it counts against the places not kept for players. */
  stranger: boolean;
  /** Counted under this network until admitted as a player or an operator (null: no longer). */
  address: string | null;
  /** Admitted with this player's token: counted under the account. */
  accountId?: number;
  /** Admitted with an operator's token: the token, its session's end, and when it was last checked. */
  operator?: { token: string; until: number; checkedAt: number };
}

/** An operator's socket re-checks its session this often: a logout or a disabled operator ends it. */
const OPERATOR_CHECK_MS = 5000;

/** The bus channel on which each gateway reports its own count of players (players never see it). */
const ONLINE_REPORTS = 'cluster/online';

/** How many sockets the server keeps, and how long one may stay without a subscription. */
export interface StompLimits {
  /** Sockets in this process. */
  maxConnections: number;
  /** Of those, places only signed-in players' sockets may take, so strangers cannot fill the whole total. */
  reservedForPlayers: number;
  /**
   * Sockets from one client network (an IPv6 /48 counts as one) that no player's or operator's
   * token admitted: visitors, and sockets that have not sent CONNECT yet. Sized for a carrier's NAT.
   */
  maxPerAddress: number;
  /** Sockets of one signed-in player (tabs, devices): no account can take the places kept for players. */
  maxPerAccount: number;
  /** A connected socket without a subscription for this long is closed (0: never). */
  subscribeTimeoutMs: number;
  /**
   * GAME_RATE writes one tick may make: a flight starting with more subscribers here is flown with a
   * stride, each subscriber getting every k-th GAME_RATE (Stride).
   */
  writesPerTick: number;
}

/** Subprotocols in the order the server prefers them. */
const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

interface StompServerOptions {
  bus: EventBus;
  metrics: Metrics;
  heartbeatMs: number;
  /** Per destination, what a new subscriber gets at once. */
  retainers: ReadonlyMap<string, Retainer>;
  /** A slow peer with more bytes than this waiting is dropped (default 1 MiB). */
  maxBufferedBytes?: number;
  limits: StompLimits;
  /** The key a client's sockets are counted under (its address, an IPv6 /48 as one). */
  addressOf: (request: IncomingMessage) => string;
  /** The account of a valid access token of a signed-in player, or null. */
  playerOf: (token: string) => Promise<number | null>;
  /** The end (ms) of the live operator's session a token opens, or null when it is no operator's. */
  operatorUntil: (token: string) => Promise<number | null>;
  /** Destinations only operators may read (docs/ops.md): their messages come from the bus or from publishLocal. */
  operatorDestinations: readonly string[];
  /** Destinations whose messages this process makes itself (publishLocal), not the bus. */
  localDestinations: readonly string[];
  /** Further destinations fanned out from the bus, as DESTINATIONS are. */
  busDestinations: readonly string[];
  /** The round's tick: bet events are gathered at most this long and sent to each subscriber in one WebSocket message. */
  tickMs: number;
  /**
   * Further bus destinations whose messages are gathered the same way (the chat rooms), at most
   * `batchMs` (longer than the tick, so that in a flight they go with the next tick's GAME_RATE).
   */
  batched?: { destinations: readonly string[]; batchMs: number };
}

/**
 * STOMP 1.2 over WebSocket at WS_PATH: accepts upgrades from the HTTP server, runs the sessions,
 * and fans every bus message on a known destination out to its subscribers. The online count
 * players see is the total over every gateway on the bus.
 */
export class StompServer {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Set<OpenSession>();
  /** The sessions admitted with an operator's token. */
  private readonly operatorSessions = new WeakSet<StompSession>();
  /** Sessions admitted as strangers (no valid access token). */
  private strangers = 0;
  /** Sockets per client network not admitted as a player's or an operator's; a network leaves the map with its last. */
  private readonly perAddress = new Map<string, number>();
  /** Sockets per signed-in player; an account leaves the map with its last. */
  private readonly perAccount = new Map<number, number>();
  private readonly broadcaster: Broadcaster;
  private readonly stride: Stride;
  /** Per batched destination (the bets, then options.batched), what waits for the next write. */
  private readonly batches = new Map<string, Batch<string>>();
  private readonly online: OnlineCounter;
  private readonly onlineTotal: ClusterTotal;
  private readonly reportOnline: NodeJS.Timeout;
  /** This gateway's name in online reports: unique per process. */
  private readonly gateway = randomUUID();
  private readonly unsubscribeBus: (() => void)[];
  private readonly sweep: NodeJS.Timeout;
  private readonly host: SessionHost;
  private nextSessionId = 0;
  private closed = false;

  constructor(private readonly options: StompServerOptions) {
    const { bus, metrics } = options;
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      // Over the frame cap so the parser can answer an oversized frame with ERROR.
      maxPayload: 4 * MAX_FRAME_BYTES,
      handleProtocols: (offered) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
    });
    this.broadcaster = new Broadcaster(options.retainers, (seconds) => metrics.fanoutSeconds.observe(seconds));
    const fromBus = [...Object.values(DESTINATIONS), ...options.busDestinations];
    for (const destination of [...fromBus, ...options.localDestinations]) this.broadcaster.addDestination(destination);
    this.stride = new Stride(this.broadcaster, options.tickMs, options.limits.writesPerTick);
    this.batches.set(DESTINATIONS.bets, new Batch(options.tickMs, () => this.flush()));
    for (const destination of options.batched?.destinations ?? [])
      this.batches.set(destination, new Batch(options.batched!.batchMs, () => this.flush()));
    this.unsubscribeBus = fromBus
      .filter((destination) => destination !== DESTINATIONS.online)
      .map((destination) => bus.subscribe(destination, (json) => this.publish(destination, json)));
    this.onlineTotal = new ClusterTotal(bus, ONLINE_REPORTS, (online) =>
      this.publish(DESTINATIONS.online, JSON.stringify({ online } satisfies OnlineEvent)),
    );
    this.online = new OnlineCounter(
      (online) => bus.publish(ONLINE_REPORTS, clusterReport(this.gateway, online)),
      ONLINE_THROTTLE_MS,
    );
    this.reportOnline = setInterval(() => {
      bus.publish(ONLINE_REPORTS, clusterReport(this.gateway, this.online.online));
      this.onlineTotal.expire();
    }, CLUSTER_REPORT_MS);
    this.reportOnline.unref();
    this.host = {
      broadcaster: this.broadcaster,
      heartbeatMs: options.heartbeatMs,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
      subscribeTimeoutMs: options.limits.subscribeTimeoutMs,
      connected: (session) => {
        // Operators watch the game: the players online are players' sockets (and strangers') only.
        if (!this.operatorSessions.has(session)) this.online.change(1);
        metrics.stompSessions.inc();
      },
      dropped: (reason) => metrics.stompDropped.inc({ reason }),
      mayRead: (session, destination) =>
        !options.operatorDestinations.includes(destination) || this.operatorSessions.has(session),
    };
    const sweepMs = Math.min(1000, Math.max(20, Math.floor((options.heartbeatMs || 4000) / 4)));
    this.sweep = setInterval(() => this.checkLiveness(), sweepMs);
    this.sweep.unref();
  }

  /**
   * Fans a bus message out. Bet and chat events wait for their batch (a burst of bets or messages is
   * a few WebSocket messages per player, not one per event); any other message (a GAME_RATE every
   * tick of a flight) takes everything gathered along, in the same WebSocket message per subscriber
   * and after it (a player never sees a round's bets after the next round's GAME_CREATED): chat and
   * bets then cost the fan-out bytes, not one more socket write per subscriber.
   */
  private publish(destination: string, json: string): void {
    const batch = this.batches.get(destination);
    if (batch) batch.push(json);
    else this.flush({ destination, jsons: [json] });
  }

  /** Sends what every batch has gathered (the bets first), then `next`, in one write per subscriber (Stride). */
  private flush(next?: Outgoing): void {
    const gathered = [...this.batches].map(([destination, batch]) => ({ destination, jsons: batch.take() }));
    this.stride.publish(gathered, next);
  }

  /** Sends a message this process made to the subscribers of one of options.localDestinations here. */
  publishLocal(destination: string, json: string): void {
    this.broadcaster.publish(destination, json);
  }

  /** How many sessions of this process subscribe to the destination. */
  subscribers(destination: string): number {
    return this.broadcaster.subscribers(destination);
  }

  /** Connected STOMP sessions but operators' over every gateway, as players see the count. */
  get onlineEverywhere(): number {
    return this.onlineTotal.current;
  }

  /** Connected STOMP sessions but operators' in this process. */
  get onlineCount(): number {
    return this.online.online;
  }

  /** Takes WebSocket upgrades for WS_PATH from the HTTP server; other paths get a 404. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== WS_PATH || this.closed) {
        socket.end(
          `HTTP/1.1 ${this.closed ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\n\r\n`,
        );
        return;
      }
      const address = this.options.addressOf(request);
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const refusal = this.refusal(address);
        if (refusal) this.refuse(ws, refusal);
        else this.open(ws, address);
      });
    });
  }

  /** Why one more socket from `address` is refused, or null when it is welcome. */
  private refusal(address: string): LimitError | null {
    const { maxConnections, maxPerAddress } = this.options.limits;
    if (this.sessions.size >= maxConnections)
      return new LimitError(
        'Too many connections',
        `the server takes at most ${maxConnections} (STOMP_MAX_CONNECTIONS)`,
      );
    if ((this.perAddress.get(address) ?? 0) >= maxPerAddress)
      return new LimitError(
        'Too many connections from your address',
        `at most ${maxPerAddress} not signed in from one address (STOMP_MAX_PER_ADDRESS): sign in, or try again later`,
      );
    return null;
  }

  /** An ERROR frame naming the limit, then close code 1008; the socket is cut if the peer does not close. */
  private refuse(ws: WebSocket, error: LimitError): void {
    this.options.metrics.stompDropped.inc({ reason: 'limit' });
    ws.on('error', () => ws.terminate());
    sendError(ws, error);
    ws.close(1008, 'STOMP limit');
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  /** Closes every socket (1001, going away), stops listening to the bus and tells the other gateways its players left. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweep);
    clearInterval(this.reportOnline);
    this.online.stop();
    this.onlineTotal.stop();
    for (const unsubscribe of this.unsubscribeBus) unsubscribe();
    this.flush();
    this.stride.drain();
    this.options.bus.publish(ONLINE_REPORTS, clusterReport(this.gateway, 0));
    const gone = [...this.sessions].map((session) => session.closed);
    for (const session of this.sessions) session.session.close(1001, 'server shutting down');
    await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    for (const session of this.sessions) session.ws.terminate();
    this.wss.close();
  }

  /**
   * Decides a CONNECT: a valid access token makes the session a player's or an operator's (checked asynchronously);
   * without one it is refused once strangers hold every place not kept for players.
   */
  private admit(entry: OpenSession, token: string | undefined): LimitError | null | Promise<LimitError | null> {
    return token === undefined ? this.admitStranger(entry) : this.admitToken(entry, token);
  }

  /** An operator's token opens an operator's session (not counted as a stranger); a player's, a player's. */
  private async admitToken(entry: OpenSession, token: string): Promise<LimitError | null> {
    const until = await this.options.operatorUntil(token).catch(() => null);
    if (until !== null && this.sessions.has(entry)) {
      entry.operator = { token, until, checkedAt: Date.now() };
      this.operatorSessions.add(entry.session);
      this.leaveAddress(entry);
      return null;
    }
    const accountId = await this.options.playerOf(token).catch(() => null);
    // Closed while its token was checked: nothing to count.
    if (!this.sessions.has(entry)) return new LimitError('Connection closed', 'closed before CONNECT was answered');
    if (accountId === null) return this.admitStranger(entry);
    const { maxPerAccount } = this.options.limits;
    const held = this.perAccount.get(accountId) ?? 0;
    if (held >= maxPerAccount)
      return new LimitError(
        'Too many connections for your account',
        `at most ${maxPerAccount} per signed-in player (STOMP_MAX_PER_ACCOUNT): close another tab`,
      );
    this.perAccount.set(accountId, held + 1);
    entry.accountId = accountId;
    this.leaveAddress(entry);
    return null;
  }

  /** A socket admitted with a token no longer counts under its network. */
  private leaveAddress(entry: OpenSession): void {
    if (entry.address !== null) decrement(this.perAddress, entry.address);
    entry.address = null;
  }

  /** Ends an operator's socket once its session has expired, or (checked every OPERATOR_CHECK_MS) was revoked. */
  private checkOperator(entry: OpenSession, now: number): void {
    const operator = entry.operator;
    if (!operator) return;
    const ended = () => entry.session.end(new LimitError('Session expired', 'sign in to the console again'));
    if (now >= operator.until) return ended();
    if (now - operator.checkedAt < OPERATOR_CHECK_MS) return;
    operator.checkedAt = now;
    void this.options
      .operatorUntil(operator.token)
      .catch(() => operator.until)
      .then((until) => {
        if (until === null) ended();
      });
  }

  private admitStranger(entry: OpenSession): LimitError | null {
    const { maxConnections, reservedForPlayers } = this.options.limits;
    if (this.strangers >= maxConnections - reservedForPlayers)
      return new LimitError(
        'Too many connections',
        `the last ${reservedForPlayers} places are kept for signed-in players (STOMP_RESERVED_FOR_PLAYERS)`,
      );
    entry.stranger = true;
    this.strangers++;
    return null;
  }

  private open(ws: WebSocket, address: string): void {
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const session = new StompSession(ws, this.host, `s${++this.nextSessionId}`, (token) => this.admit(entry, token));
    const entry: OpenSession = {
      session,
      ws,
      closed: new Promise<void>((resolve) => ws.once('close', () => resolve())),
      stranger: false,
      address,
    };
    this.sessions.add(entry);
    ws.on('error', () => ws.terminate());
    ws.once('close', () => {
      this.sessions.delete(entry);
      if (entry.stranger) this.strangers--;
      this.leaveAddress(entry);
      if (entry.accountId !== undefined) decrement(this.perAccount, entry.accountId);
      session.release();
      if (session.isConnected) {
        if (!entry.operator) this.online.change(-1);
        this.options.metrics.stompSessions.dec();
      }
    });
  }

  private checkLiveness(): void {
    const now = Date.now();
    for (const entry of this.sessions) {
      entry.session.checkLiveness(now);
      this.checkOperator(entry, now);
    }
  }
}

/** One less under `key`; the key leaves the map at zero. */
function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
