import { CLIENT_COMMANDS, MAX_FRAME_BYTES, StompError, unescapeHeader, type Frame } from './frame';

const LF = 0x0a;
const CR = 0x0d;

/** What an incomplete frame waits for: the blank line ending its headers, the NUL ending its body, or a byte count. */
type Missing = 'head' | 'nul' | number;

/**
 * Turns the bytes of WebSocket messages into STOMP frames: a frame may span messages and one
 * message may hold several frames; end-of-lines between frames are heart-beats.
 * Throws StompError on malformed input; the session then answers ERROR and closes.
 * A frame trickling in a byte per message costs linear time: chunks are kept as they come and
 * joined and parsed again only when one can complete the frame.
 */
export class FrameParser {
  private chunks: Buffer[] = [];
  private size = 0;
  private missing: Missing | null = null;

  constructor(
    private readonly onFrame: (frame: Frame) => void,
    private readonly maxBytes = MAX_FRAME_BYTES,
  ) {}

  /** Feeds one WebSocket message. */
  push(chunk: Buffer): void {
    const waiting = this.missing !== null && this.size + chunk.length <= this.maxBytes && !this.mayComplete(chunk);
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (waiting) return;
    let buf = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.size);
    this.missing = null;
    for (;;) {
      buf = buf.subarray(skipEols(buf));
      if (buf.length === 0) break;
      const parsed = this.parse(buf);
      if ('missing' in parsed) {
        this.missing = parsed.missing;
        break;
      }
      buf = buf.subarray(parsed.used);
      this.onFrame(parsed.frame);
    }
    this.chunks = buf.length === 0 ? [] : [buf];
    this.size = buf.length;
  }

  /** Whether `chunk`, after the buffered bytes, can complete the waiting frame. */
  private mayComplete(chunk: Buffer): boolean {
    if (typeof this.missing === 'number') return this.size + chunk.length >= this.missing;
    if (this.missing === 'nul') return chunk.includes(0);
    return hasBlankLine(Buffer.from([...this.tail(), ...chunk.subarray(0, 2)])) || hasBlankLine(chunk);
  }

  /** The last two buffered bytes (heart-beat ends and header line ends can span messages). */
  private tail(): number[] {
    const bytes: number[] = [];
    for (let i = this.chunks.length - 1; i >= 0 && bytes.length < 2; i--) {
      const c = this.chunks[i]!;
      for (let j = c.length - 1; j >= 0 && bytes.length < 2; j--) bytes.unshift(c[j]!);
    }
    return bytes;
  }

  /** One frame from the start of buf, or what it still misses. */
  private parse(buf: Buffer): { frame: Frame; used: number } | { missing: Missing } {
    const head = findHeadEnd(buf, this.maxBytes);
    if (!head) {
      if (buf.length > this.maxBytes) throw tooLarge(this.maxBytes);
      return { missing: 'head' };
    }
    const frame = parseHead(buf.toString('utf8', 0, head.end));
    const receipt = frame.headers.get('receipt');
    const lengthText = frame.headers.get('content-length');
    let bodyEnd: number;
    if (lengthText !== undefined) {
      if (!/^\d{1,9}$/.test(lengthText))
        throw new StompError('Bad content-length', `content-length "${lengthText}" is not a byte count`, receipt);
      bodyEnd = head.bodyStart + Number(lengthText);
      if (bodyEnd + 1 > this.maxBytes) throw tooLarge(this.maxBytes, receipt);
      if (buf.length <= bodyEnd) return { missing: bodyEnd + 1 };
      if (buf[bodyEnd] !== 0)
        throw new StompError(
          'Bad content-length',
          'the frame does not end with NUL after content-length bytes',
          receipt,
        );
    } else {
      bodyEnd = buf.indexOf(0, head.bodyStart);
      if (bodyEnd < 0) {
        if (buf.length > this.maxBytes) throw tooLarge(this.maxBytes, receipt);
        return { missing: 'nul' };
      }
      if (bodyEnd + 1 > this.maxBytes) throw tooLarge(this.maxBytes, receipt);
    }
    frame.body = Buffer.from(buf.subarray(head.bodyStart, bodyEnd));
    return { frame, used: bodyEnd + 1 };
  }
}

/** Whether the bytes hold an empty line: LF LF or LF CR LF. */
function hasBlankLine(bytes: Buffer): boolean {
  return bytes.includes('\n\n') || bytes.includes('\n\r\n');
}

function tooLarge(maxBytes: number, receipt?: string): StompError {
  return new StompError('Frame too large', `frames are limited to ${maxBytes} bytes`, receipt);
}

/** Bytes of end-of-lines (heart-beats) at the start of buf; a lone CR at the end waits. */
function skipEols(buf: Buffer): number {
  let i = 0;
  while (i < buf.length) {
    if (buf[i] === LF) i += 1;
    else if (buf[i] === CR && buf[i + 1] === LF) i += 2;
    else break;
  }
  return i;
}

/** Where the headers end (the empty line), searching no further than the frame cap. */
function findHeadEnd(buf: Buffer, maxBytes: number): { end: number; bodyStart: number } | null {
  let i = buf.indexOf(LF);
  while (i >= 0 && i < maxBytes) {
    if (buf[i + 1] === LF) return { end: i, bodyStart: i + 2 };
    if (buf[i + 1] === CR && buf[i + 2] === LF) return { end: i, bodyStart: i + 3 };
    i = buf.indexOf(LF, i + 1);
  }
  return null;
}

/** The command line and headers; CONNECT and STOMP headers are taken as they are. */
function parseHead(text: string): Frame {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const command = lines[0] ?? '';
  if (!CLIENT_COMMANDS.has(command))
    throw new StompError('Unknown command', `"${command.slice(0, 32)}" is not a STOMP client command`);
  const raw = command === 'CONNECT' || command === 'STOMP';
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new StompError('Bad header', `"${line.slice(0, 64)}" is not a header`);
    const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
    if (!headers.has(name)) headers.set(name, raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1)));
  }
  return { command, headers, body: Buffer.alloc(0) };
}
