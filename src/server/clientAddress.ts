/**
 * Who a client is, for per-address limits (HTTP rate limits, STOMP connection caps): the peer
 * address, or the client a trusted proxy names in X-Forwarded-For, with IPv6 cut to its /64 for
 * HTTP (one subscriber line holds a whole /64, so keying single IPv6 addresses gives unlimited
 * tries) and to its /48 for sockets.
 */

import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** Which peers' X-Forwarded-For to believe: the same rule Fastify gets as `trustProxy`. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a function: false trusts nobody, true everybody, a list its IPs and CIDRs. */
export function trustProxyFn(setting: boolean | string): TrustProxy {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  return proxyAddr.compile(setting.split(',').map((value) => value.trim()));
}

/** The client's address of a raw request (a WebSocket upgrade), as Fastify's `request.ip` gives it. */
export function clientIp(request: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(request, trust);
}

/** The key per-address limits count under: IPv4 as it is, IPv6 as its /64 prefix. */
export function addressKey(ip: string): string {
  return prefixKey(ip, 4);
}

/**
 * The key the socket cap counts under: IPv4 as it is, IPv6 as its /48 (a site's or a subscriber's
 * whole allocation: a hundred /64s of one line must not look like a hundred players).
 */
export function networkKey(ip: string): string {
  return prefixKey(ip, 3);
}

/** IPv4 as it is; IPv6 as its first `groups` 16-bit groups. */
function prefixKey(ip: string, groups: number): string {
  if (ip.startsWith('::ffff:') && ip.includes('.')) return ip.slice('::ffff:'.length);
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, groups).join(':')}::/${groups * 16}`;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001,db8,0,…,1). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}
