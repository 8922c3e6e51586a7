import type { WebSocket } from 'ws';
import { EOL, encodeFrame, StompError, type Frame } from './frame';
import { FrameParser } from './FrameParser';
import { subscriptionLine, type Broadcaster, type Subscriber, type Subscription } from './Broadcaster';
import { negotiateHeartbeat, negotiateVersion } from './negotiate';

/** What a session needs from the server that owns it. */
export interface SessionHost {
  broadcaster: Broadcaster;
  /** The heart-beat the server offers both ways, in ms (0: none). */
  heartbeatMs: number;
  /** A peer with more than this many bytes waiting to be sent is too slow and is dropped. */
  maxBufferedBytes: number;
  /** A connected socket without a subscription for this long is closed (0: never). */
  subscribeTimeoutMs: number;
  connected(session: StompSession): void;
  dropped(reason: DropReason): void;
  /** False when this session may not read `destination` (the operators' destinations without an operator's token). */
  mayRead(session: StompSession, destination: string): boolean;
}

/** Why the server closed a socket: too slow a reader, silent, broke the protocol, or over a limit. */
export type DropReason = 'slow' | 'silent' | 'protocol' | 'limit';

/** A socket that has not sent CONNECT by then is closed. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Subscription ids are repeated in every MESSAGE, so a long one multiplies what the server sends. */
const MAX_SUBSCRIPTION_ID_BYTES = 128;
/** Frames (not counting heart-beats) and WebSocket messages a client may send in one second. */
const MAX_FRAMES_PER_SECOND = 20;
const MAX_MESSAGES_PER_SECOND = 100;

/** A client went over one of the server's limits: ERROR naming it, then close code 1008 (policy violation). */
export class LimitError extends StompError {}

/** One STOMP connection: parses its frames, answers them, and owns its subscriptions. */
export class StompSession implements Subscriber {
  private readonly parser = new FrameParser((frame) => this.handle(frame));
  /** Frames that came while CONNECT was being admitted, handled once it is (null: none is). */
  private waiting: Frame[] | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly openedAt = Date.now();
  private version: string | null = null;
  private sendEvery = 0;
  private expectEvery = 0;
  private lastReceived = Date.now();
  private lastSent = Date.now();
  /** Since when the session has had no subscription (it opened without one). */
  private unsubscribedSince = Date.now();
  /** Frames and messages received in the current one-second window. */
  private window = { start: Date.now(), frames: 0, messages: 0 };
  private closing = false;

  /** `admit` decides on CONNECT, given the access token it carries (`authorization: Bearer …`), if any: null admits. */
  constructor(
    private readonly ws: WebSocket,
    private readonly host: SessionHost,
    readonly id: string,
    private readonly admit: (token: string | undefined) => LimitError | null | Promise<LimitError | null>,
  ) {
    ws.on('message', (data: Buffer) => this.receive(data));
  }

  /** True once CONNECTED was sent. */
  get isConnected(): boolean {
    return this.version !== null;
  }

  /** Writes a whole frame unless the peer is too slow, in which case it is dropped. */
  write(frame: Buffer): boolean {
    if (this.closing) return false;
    if (this.ws.bufferedAmount > this.host.maxBufferedBytes) {
      this.host.dropped('slow');
      this.terminate();
      return false;
    }
    this.ws.send(frame, { binary: false });
    this.lastSent = Date.now();
    return true;
  }

  /** Sends a heart-beat when due and drops a peer silent for twice its interval. */
  checkLiveness(now: number): void {
    if (this.closing) return;
    if (!this.isConnected) {
      if (now - this.openedAt > CONNECT_TIMEOUT_MS)
        this.fail(new LimitError('Connect timeout', `send CONNECT within ${CONNECT_TIMEOUT_MS / 1000} s`));
      return;
    }
    const { subscribeTimeoutMs } = this.host;
    if (subscribeTimeoutMs > 0 && this.subscriptions.size === 0 && now - this.unsubscribedSince > subscribeTimeoutMs) {
      this.fail(new LimitError('Subscribe timeout', `subscribe within ${subscribeTimeoutMs / 1000} s`));
      return;
    }
    if (this.expectEvery > 0 && now - this.lastReceived > 2 * this.expectEvery) {
      this.host.dropped('silent');
      this.terminate();
      return;
    }
    if (this.sendEvery > 0 && now - this.lastSent >= this.sendEvery * 0.75) this.write(EOL);
  }

  /** Ends the session with an ERROR frame (an operator's session expired or was revoked). */
  end(error: StompError): void {
    this.fail(error);
  }

  /** Forgets the subscriptions; called once the socket has closed. */
  release(): void {
    this.closing = true;
    for (const subscription of this.subscriptions.values()) this.host.broadcaster.unsubscribe(subscription);
    this.subscriptions.clear();
  }

  /** Closes the socket with a WebSocket close code (server shutdown: 1001). */
  close(code: number, reason: string): void {
    this.closing = true;
    this.ws.close(code, reason);
  }

  private terminate(): void {
    this.closing = true;
    this.ws.terminate();
  }

  private receive(data: Buffer): void {
    if (this.closing) return;
    this.lastReceived = Date.now();
    this.guarded(() => {
      this.count('messages', MAX_MESSAGES_PER_SECOND);
      this.parser.push(data);
    });
  }

  /** Runs `work`; a StompError it throws is answered, and a bug of ours gets a generic ERROR, not a crash. */
  private guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.fail(error instanceof StompError ? error : new StompError('Server error', 'the frame could not be handled'));
    }
  }

  /** Counts a frame or a message in this second's window; over `max` the client is flooding. */
  private count(what: 'frames' | 'messages', max: number): void {
    const now = Date.now();
    if (now - this.window.start >= 1000) this.window = { start: now, frames: 0, messages: 0 };
    if (++this.window[what] > max)
      throw new LimitError('Too many frames', `at most ${max} ${what} a second`, undefined);
  }

  /** Answers a protocol error or a limit with an ERROR frame and closes the socket. */
  private fail(error: StompError): void {
    if (this.closing) return;
    sendError(this.ws, error);
    const limit = error instanceof LimitError;
    this.host.dropped(limit ? 'limit' : 'protocol');
    this.close(limit ? 1008 : 1002, limit ? 'STOMP limit' : 'STOMP protocol error');
  }

  private handle(frame: Frame): void {
    if (this.closing) return;
    this.count('frames', MAX_FRAMES_PER_SECOND);
    if (this.waiting) this.waiting.push(frame);
    else this.dispatch(frame);
  }

  private dispatch(frame: Frame): void {
    const receipt = frame.headers.get('receipt');
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
    if (!this.isConnected) throw new StompError('Not connected', 'send CONNECT first', receipt);
    switch (frame.command) {
      case 'SUBSCRIBE':
        // Answers its own receipt, before the current state.
        return this.subscribe(frame, receipt);
      case 'UNSUBSCRIBE':
        this.unsubscribe(frame, receipt);
        break;
      case 'SEND':
        if (!frame.headers.get('destination'))
          throw new StompError('Missing destination', 'SEND needs a destination header', receipt);
        throw new StompError('Read-only destination', 'the server destinations do not take SEND', receipt);
      case 'DISCONNECT':
        if (receipt !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
        this.close(1000, 'disconnected');
        return;
    }
    // ACK, NACK, BEGIN, COMMIT and ABORT have nothing to do: every subscription acknowledges itself.
    if (receipt !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  /**
   * Answers CONNECT once the server admits it; while it checks a token (asynchronously), the
   * frames that follow wait and are handled after CONNECTED.
   */
  private connect(frame: Frame): void {
    if (this.isConnected) throw new StompError('Already connected', 'CONNECT was sent twice');
    const token = /^Bearer (\S+)$/.exec(frame.headers.get('authorization') ?? '')?.[1];
    const decision = this.admit(token);
    if (!(decision instanceof Promise)) return this.accept(frame, decision);
    this.waiting = [];
    void decision.then((refusal) => {
      const waiting = this.waiting ?? [];
      this.waiting = null;
      if (this.closing) return;
      this.guarded(() => {
        this.accept(frame, refusal);
        for (const next of waiting) if (!this.closing) this.dispatch(next);
      });
    });
  }

  /** CONNECTED, or the server's refusal. */
  private accept(frame: Frame, refusal: LimitError | null): void {
    if (refusal) throw refusal;
    const version = negotiateVersion(frame.headers.get('accept-version'));
    const beat = negotiateHeartbeat(frame.headers.get('heart-beat'), this.host.heartbeatMs);
    this.sendEvery = beat.sendEvery;
    this.expectEvery = beat.expectEvery;
    this.version = version;
    const offer = `${this.host.heartbeatMs},${this.host.heartbeatMs}`;
    this.write(encodeFrame('CONNECTED', { version, 'heart-beat': offer, server: 'moonrush/0.1', session: this.id }));
    this.host.connected(this);
  }

  private subscribe(frame: Frame, receipt: string | undefined): void {
    const destination = frame.headers.get('destination');
    if (!destination) throw new StompError('Missing destination', 'SUBSCRIBE needs a destination header', receipt);
    const id = frame.headers.get('id') ?? (this.version === '1.0' ? destination : undefined);
    if (id === undefined) throw new StompError('Missing id', 'SUBSCRIBE needs an id header', receipt);
    if (Buffer.byteLength(id) > MAX_SUBSCRIPTION_ID_BYTES)
      throw new LimitError('Subscription id too long', `at most ${MAX_SUBSCRIPTION_ID_BYTES} bytes`, receipt);
    if (!this.host.broadcaster.has(destination))
      throw new StompError('Unknown destination', `no destination "${destination}"`, receipt);
    if (!this.host.mayRead(this, destination))
      throw new StompError('Forbidden', `"${destination}" is for operators: CONNECT with an operator's token`, receipt);
    const ack = frame.headers.get('ack') ?? 'auto';
    if (ack !== 'auto')
      throw new StompError('Unsupported ack mode', 'subscriptions here acknowledge automatically (ack:auto)', receipt);
    if (this.subscriptions.has(id))
      throw new StompError('Duplicate subscription', `subscription id "${id}" is in use`, receipt);
    for (const other of this.subscriptions.values())
      if (other.destination === destination)
        throw new LimitError('Already subscribed', `one subscription per destination ("${other.id}" is one)`, receipt);
    const subscription: Subscription = {
      subscriber: this,
      id,
      destination,
      line: subscriptionLine(id, this.version ?? '1.2'),
    };
    this.subscriptions.set(id, subscription);
    // The receipt comes before the current state so a client can count on both.
    if (receipt !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
    this.host.broadcaster.subscribe(subscription);
  }

  private unsubscribe(frame: Frame, receipt: string | undefined): void {
    const id = frame.headers.get('id') ?? (this.version === '1.0' ? frame.headers.get('destination') : undefined);
    if (id === undefined) throw new StompError('Missing id', 'UNSUBSCRIBE needs an id header', receipt);
    const subscription = this.subscriptions.get(id);
    if (subscription) this.host.broadcaster.unsubscribe(subscription);
    this.subscriptions.delete(id);
    if (this.subscriptions.size === 0) this.unsubscribedSince = Date.now();
  }
}

/** Writes an ERROR frame for `error` (its receipt and, for a version mismatch, the versions spoken). */
export function sendError(ws: WebSocket, error: StompError): void {
  const headers: Record<string, string> = { message: error.message, 'content-type': 'text/plain' };
  if (error.receipt !== undefined) headers['receipt-id'] = error.receipt;
  if (error.message === 'Unsupported version') headers.version = '1.2,1.1,1.0';
  ws.send(encodeFrame('ERROR', headers, error.detail || error.message));
}
