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
  connected(session: StompSession): void;
  dropped(reason: 'slow' | 'silent' | 'protocol'): void;
}

const MAX_SUBSCRIPTIONS = 16;
/** A socket that has not sent CONNECT by then is closed. */
const CONNECT_TIMEOUT_MS = 10_000;

/** One STOMP connection: parses its frames, answers them, and owns its subscriptions. */
export class StompSession implements Subscriber {
  private readonly parser = new FrameParser((frame) => this.handle(frame));
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly openedAt = Date.now();
  private version: string | null = null;
  private sendEvery = 0;
  private expectEvery = 0;
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private closing = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly host: SessionHost,
    readonly id: string,
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
      if (now - this.openedAt > CONNECT_TIMEOUT_MS) this.terminate();
      return;
    }
    if (this.expectEvery > 0 && now - this.lastReceived > 2 * this.expectEvery) {
      this.host.dropped('silent');
      this.terminate();
      return;
    }
    if (this.sendEvery > 0 && now - this.lastSent >= this.sendEvery * 0.75) this.write(EOL);
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
    try {
      this.parser.push(data);
    } catch (error) {
      // A bug of ours must not take the process down: the peer gets a generic ERROR.
      this.fail(error instanceof StompError ? error : new StompError('Server error', 'the frame could not be handled'));
    }
  }

  /** Answers a protocol error with an ERROR frame and closes the socket. */
  private fail(error: StompError): void {
    if (this.closing) return;
    const headers: Record<string, string> = { message: error.message, 'content-type': 'text/plain' };
    if (error.receipt !== undefined) headers['receipt-id'] = error.receipt;
    if (error.message === 'Unsupported version') headers.version = '1.2,1.1,1.0';
    this.ws.send(encodeFrame('ERROR', headers, error.detail || error.message));
    this.host.dropped('protocol');
    this.close(1002, 'STOMP protocol error');
  }

  private handle(frame: Frame): void {
    if (this.closing) return;
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

  private connect(frame: Frame): void {
    if (this.isConnected) throw new StompError('Already connected', 'CONNECT was sent twice');
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
    if (!this.host.broadcaster.has(destination))
      throw new StompError('Unknown destination', `no destination "${destination}"`, receipt);
    const ack = frame.headers.get('ack') ?? 'auto';
    if (ack !== 'auto')
      throw new StompError('Unsupported ack mode', 'subscriptions here acknowledge automatically (ack:auto)', receipt);
    if (this.subscriptions.has(id))
      throw new StompError('Duplicate subscription', `subscription id "${id}" is in use`, receipt);
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new StompError('Too many subscriptions', `at most ${MAX_SUBSCRIPTIONS}`, receipt);
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
  }
}
