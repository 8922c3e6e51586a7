import { describe, expect, it, vi } from 'vitest';
import { encodeFrame, escapeHeader, StompError, unescapeHeader, type Frame } from '../../src/server/stomp/frame';
import { FrameParser } from '../../src/server/stomp/FrameParser';
import { negotiateHeartbeat, negotiateVersion } from '../../src/server/stomp/negotiate';

function parseAll(...chunks: (string | Buffer)[]): Frame[] {
  const frames: Frame[] = [];
  const parser = new FrameParser((frame) => frames.push(frame));
  for (const chunk of chunks) parser.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return frames;
}

function parseError(...chunks: string[]): string {
  try {
    parseAll(...chunks);
  } catch (error) {
    if (error instanceof StompError) return error.message;
    throw error;
  }
  throw new Error('no StompError');
}

describe('STOMP frame parser', () => {
  it('reads a frame split across three messages', () => {
    const [frame, ...rest] = parseAll('SUBSCRIBE\nid:0\ndesti', 'nation:/a\n\n', '\0');
    expect(rest).toHaveLength(0);
    expect(frame?.command).toBe('SUBSCRIBE');
    expect(Object.fromEntries(frame!.headers)).toEqual({ id: '0', destination: '/a' });
  });

  it('reads three frames from one message, with heart-beats between them', () => {
    const frames = parseAll(
      '\nCONNECT\naccept-version:1.2\n\n\0\r\nSUBSCRIBE\nid:1\ndestination:/x\n\n\0\n\nDISCONNECT\nreceipt:9\n\n\0\n',
    );
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE', 'DISCONNECT']);
  });

  it('takes a body by content-length, NUL bytes included, split anywhere', () => {
    const body = Buffer.from('a\0b\0c');
    const whole = Buffer.concat([
      Buffer.from(`SEND\ndestination:/q\ncontent-length:${body.length}\n\n`),
      body,
      Buffer.from([0]),
    ]);
    for (let cut = 1; cut < whole.length; cut++) {
      const frames = parseAll(whole.subarray(0, cut), whole.subarray(cut));
      expect(frames).toHaveLength(1);
      expect(frames[0]!.body).toEqual(body);
    }
  });

  it('reads every frame fed a byte per message, CRLF and heart-beats included, joining the bytes only a few times', () => {
    const body = Buffer.alloc(30_000, 'x');
    const headers = Array.from({ length: 500 }, (_, i) => `h${i}:v`).join('\r\n');
    const stream = Buffer.concat([
      Buffer.from(`\n\r\nSEND\r\ndestination:/q\r\ncontent-length:${body.length}\r\n\r\n`),
      body,
      Buffer.from(`\0\nSUBSCRIBE\r\nid:1\r\ndestination:/a\r\n${headers}\r\n\r\n\0`),
    ]);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const frames = parseAll(...Array.from(stream, (byte) => Buffer.from([byte])));
      expect(frames.map((f) => [f.command, f.body.length, f.headers.size])).toEqual([
        ['SEND', 30_000, 2],
        ['SUBSCRIBE', 0, 502],
      ]);
      // Each join copies what is buffered: a join per byte would copy gigabytes for one 64 KiB frame.
      expect(concat.mock.calls.length).toBeLessThan(10);
    } finally {
      concat.mockRestore();
    }
  });

  it('accepts CRLF line ends and keeps the first of repeated headers', () => {
    const [frame] = parseAll('SUBSCRIBE\r\nid:a\r\nid:b\r\ndestination:/d\r\n\r\n\0');
    expect(frame!.headers.get('id')).toBe('a');
    expect(frame!.headers.get('destination')).toBe('/d');
  });

  it('unescapes header values except in CONNECT', () => {
    const [sub, connect] = parseAll(
      'SUBSCRIBE\nid:a\\cb\\nc\\\\d\\r\ndestination:/d\n\n\0',
      'CONNECT\nlogin:a\\cb\n\n\0',
    );
    expect(sub!.headers.get('id')).toBe('a:b\nc\\d\r');
    expect(connect!.headers.get('login')).toBe('a\\cb');
  });

  it('refuses unknown commands, bad headers, bad escapes and bad content-length', () => {
    expect(parseError('HELLO\n\n\0')).toBe('Unknown command');
    expect(parseError('SEND\nno colon here\n\n\0')).toBe('Bad header');
    expect(parseError('SEND\ndestination:/a\\t\n\n\0')).toBe('Bad header escape');
    expect(parseError('SEND\ncontent-length:-1\n\n\0')).toBe('Bad content-length');
    expect(parseError('SEND\ncontent-length:2\n\nabc\0')).toBe('Bad content-length');
  });

  it('refuses a frame over 64 KiB, even before it is complete', () => {
    expect(parseError('SEND\ndestination:/a\n\n' + 'x'.repeat(70_000))).toBe('Frame too large');
    expect(parseError('SEND\ncontent-length:70000\n\n')).toBe('Frame too large');
    expect(parseError('SEND\nx:' + 'y'.repeat(70_000))).toBe('Frame too large');
    expect(parseAll('SEND\ndestination:/a\n\n' + 'x'.repeat(60_000) + '\0')).toHaveLength(1);
  });
});

describe('STOMP frame encoding', () => {
  it('escapes header values in MESSAGE frames but not in CONNECTED', () => {
    expect(escapeHeader('a:b\nc\\d\r')).toBe('a\\cb\\nc\\\\d\\r');
    expect(unescapeHeader(escapeHeader('x:\\:\n'))).toBe('x:\\:\n');
    expect(encodeFrame('RECEIPT', { 'receipt-id': 'a:b' }).toString()).toBe('RECEIPT\nreceipt-id:a\\cb\n\n\0');
    expect(encodeFrame('CONNECTED', { session: 'a:b' }).toString()).toBe('CONNECTED\nsession:a:b\n\n\0');
  });

  it('writes a content-length in bytes for a body', () => {
    expect(encodeFrame('ERROR', { message: 'x' }, 'é').toString()).toBe('ERROR\nmessage:x\ncontent-length:2\n\né\0');
  });
});

describe('CONNECT negotiation', () => {
  it('picks the highest common version and refuses none in common', () => {
    expect(negotiateVersion('1.0,1.1,1.2')).toBe('1.2');
    expect(negotiateVersion('1.1')).toBe('1.1');
    expect(negotiateVersion(undefined)).toBe('1.0');
    expect(() => negotiateVersion('2.0')).toThrow('Unsupported version');
  });

  it('beats at the larger wish of both sides, and not at all when either says 0', () => {
    expect(negotiateHeartbeat('10000,10000', 10_000)).toEqual({ sendEvery: 10_000, expectEvery: 10_000 });
    expect(negotiateHeartbeat('4000,20000', 10_000)).toEqual({ sendEvery: 20_000, expectEvery: 10_000 });
    expect(negotiateHeartbeat('0,5000', 10_000)).toEqual({ sendEvery: 10_000, expectEvery: 0 });
    expect(negotiateHeartbeat(undefined, 10_000)).toEqual({ sendEvery: 0, expectEvery: 0 });
    expect(negotiateHeartbeat('5000,5000', 0)).toEqual({ sendEvery: 0, expectEvery: 0 });
    expect(() => negotiateHeartbeat('fast', 10_000)).toThrow('Bad heart-beat');
  });
});
