/** STOMP 1.2 frames: the shape, header escaping and the encoder (the parser is FrameParser). */

/** A frame as parsed or about to be sent; the first of repeated headers wins. */
export interface Frame {
  command: string;
  headers: Map<string, string>;
  body: Buffer;
}

/** The biggest frame a client may send, headers and body together. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** Commands a client may send (STOMP 1.2 §"Client Frames"). */
export const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

/** A client broke the protocol: the session answers with an ERROR frame and closes. */
export class StompError extends Error {
  constructor(
    message: string,
    readonly detail = '',
    readonly receipt?: string,
  ) {
    super(message);
  }
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' };
const UNESCAPES: Record<string, string> = { '\\': '\\', r: '\r', n: '\n', c: ':' };

/** Escapes a header name or value; CONNECT and CONNECTED frames are not escaped. */
export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => ESCAPES[c]!);
}

/** Undoes escapeHeader; an undefined escape sequence is a protocol error. */
export function unescapeHeader(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.?)/g, (_match, c: string) => {
    const plain = UNESCAPES[c];
    if (plain === undefined) throw new StompError('Bad header escape', `undefined escape sequence "\\${c}"`);
    return plain;
  });
}

/** Commands whose headers are sent as they are, for 1.0 compatibility. */
function escapes(command: string): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED' && command !== 'STOMP';
}

/** Encodes a whole frame with a content-length when it has a body. */
export function encodeFrame(command: string, headers: Record<string, string>, body = ''): Buffer {
  const escape = escapes(command) ? escapeHeader : (value: string) => value;
  let head = command + '\n';
  for (const [name, value] of Object.entries(headers)) head += `${escape(name)}:${escape(value)}\n`;
  const bodyBytes = Buffer.from(body, 'utf8');
  if (bodyBytes.length > 0) head += `content-length:${bodyBytes.length}\n`;
  return Buffer.concat([Buffer.from(head + '\n', 'utf8'), bodyBytes, NUL]);
}

/** The frame terminator. */
const NUL = Buffer.from([0]);
/** A heart-beat: one end-of-line on its own. */
export const EOL = Buffer.from('\n');
