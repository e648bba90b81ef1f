import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch, type Response } from 'undici';
import type { Config } from '../config.js';

/**
 * Outbound HTTP to URLs that users type in (supplier feeds, the WooCommerce store), guarded
 * against server-side request forgery (OWASP API7:2023): only http and https, and no
 * connection to a loopback, private, link-local (cloud metadata), CGNAT, multicast or other
 * non-public address. The check is made on the address the socket is actually opened to (the
 * dispatcher's own DNS lookup, then the connected peer), so a name that resolves to a public
 * address once and to 127.0.0.1 the next time (DNS rebinding) gains nothing; every redirect
 * hop goes through the same dispatcher.
 *
 * Allowed whatever their address: the app's own origin (PUBLIC_URL: the demo feeds are served
 * by the app itself), and everything when OUTBOUND_ALLOW_PRIVATE=true (feeds on the LAN).
 */

/** A refusal or failure of the guard itself, in words for the operator. */
export class OutboundError extends Error {}

/** A destination on a network the app does not fetch from. */
export class OutboundBlockedError extends OutboundError {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      host === address
        ? `Refused to connect to ${address}: it is ${reason}. Only addresses on the public internet are fetched.`
        : `Refused to connect to ${host}: it resolves to ${address}, ${reason}. Only addresses on the public internet are fetched.`,
    );
  }
}

export type OutboundPolicy = {
  /** OUTBOUND_ALLOW_PRIVATE: no address check at all. */
  allowPrivate: boolean;
  /** Origins ('http://host:port') that may be on any address: the app's own. */
  allowedOrigins: readonly string[];
  /** The DNS lookup (default dns.lookup); tests give a fake one. */
  resolve?: typeof dns.lookup | undefined;
};

export type OutboundConfig = Pick<Config, 'publicUrl' | 'outboundAllowPrivate'>;

/** The policy of this config, read when called: the server sets publicUrl once it listens. */
export function outboundPolicy(config: OutboundConfig): OutboundPolicy {
  return { allowPrivate: config.outboundAllowPrivate, allowedOrigins: [config.publicUrl] };
}

export const MAX_REDIRECTS = 5;

// --- Address classification -------------------------------------------------------------

type Range = readonly [network: number[], bits: number, reason: string];

const LOOPBACK = 'a loopback address';
const PRIVATE = 'a private network address';
const LINK_LOCAL = 'a link-local address';
const UNSPECIFIED = 'an unspecified address';
const SHARED = 'a carrier-grade NAT address';
const MULTICAST = 'a multicast address';
const RESERVED = 'a reserved address';

const IPV4_RANGES: Range[] = [
  [[0, 0, 0, 0], 8, UNSPECIFIED], // "this network", 0.0.0.0 included
  [[10, 0, 0, 0], 8, PRIVATE],
  [[100, 64, 0, 0], 10, SHARED],
  [[127, 0, 0, 0], 8, LOOPBACK],
  [[169, 254, 0, 0], 16, LINK_LOCAL], // 169.254.169.254: cloud metadata
  [[172, 16, 0, 0], 12, PRIVATE],
  [[192, 0, 0, 0], 24, RESERVED], // IETF protocol assignments
  [[192, 168, 0, 0], 16, PRIVATE],
  [[198, 18, 0, 0], 15, RESERVED], // benchmarking
  [[224, 0, 0, 0], 4, MULTICAST],
  [[240, 0, 0, 0], 4, RESERVED], // 255.255.255.255 (broadcast) included
];

/** As 16-bit groups; the last two carry an IPv4 address. */
const IPV6_RANGES: Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, UNSPECIFIED],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, LOOPBACK],
  [[0xfc00], 7, PRIVATE], // unique local
  [[0xfe80], 10, LINK_LOCAL],
  [[0xfec0], 10, PRIVATE], // site-local (deprecated)
  [[0xff00], 8, MULTICAST],
];

/** IPv6 prefixes (96 bits) whose last 32 bits are an IPv4 address that decides. */
const IPV4_EMBEDDING: number[][] = [
  [0, 0, 0, 0, 0, 0xffff], // IPv4-mapped ::ffff:a.b.c.d
  [0x64, 0xff9b, 0, 0, 0, 0], // NAT64 64:ff9b::a.b.c.d
  [0, 0, 0, 0, 0, 0], // IPv4-compatible ::a.b.c.d (deprecated)
];

function parseIPv4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** Eight 16-bit groups, or null when it is not an IPv6 address. */
function parseIPv6(input: string): number[] | null {
  let ip = input.split('%')[0]!.toLowerCase(); // a zone (fe80::1%eth0) is not part of the address
  const tail: number[] = [];
  const lastColon = ip.lastIndexOf(':');
  if (lastColon === -1) return null;
  if (ip.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(ip.slice(lastColon + 1));
    if (!v4) return null;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    ip = ip[lastColon - 1] === ':' ? ip.slice(0, lastColon + 1) : ip.slice(0, lastColon);
  }
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

/** Whether the first `bits` bits of `address` are those of `network` (both in units of `width` bits). */
function inRange(address: number[], network: number[], bits: number, width: number): boolean {
  for (let i = 0; bits > 0; i += 1, bits -= width) {
    const take = Math.min(bits, width);
    const shift = width - take;
    if (address[i]! >> shift !== (network[i] ?? 0) >> shift) return false;
  }
  return true;
}

/**
 * Why the app must not connect to this IP address ('a loopback address', ...), or null when it
 * is a public one. Something that is not an IP address is refused too.
 */
export function blockedAddressReason(ip: string): string | null {
  const v4 = parseIPv4(ip);
  if (v4) return IPV4_RANGES.find(([network, bits]) => inRange(v4, network, bits, 8))?.[2] ?? null;
  const v6 = parseIPv6(ip);
  if (!v6) return 'not an IP address';
  const direct = IPV6_RANGES.find(([network, bits]) => inRange(v6, network, bits, 16));
  if (direct) return direct[2];
  if (IPV4_EMBEDDING.some((prefix) => inRange(v6, prefix, 96, 16))) {
    const embedded = [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join('.');
    return blockedAddressReason(embedded);
  }
  return null;
}

// --- The dispatcher -----------------------------------------------------------------------

/** A DNS lookup for net.connect that fails on any non-public address among the answers. */
export function guardedLookup(resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as unknown as dns.LookupAddress[];
      if (!list.length) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      for (const { address } of list) {
        const reason = blockedAddressReason(address);
        if (reason) return callback(new OutboundBlockedError(hostname, address, reason), '');
      }
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');
const originKey = (protocol: string, hostname: string, port: string) => `${protocol}//${bare(hostname).toLowerCase()}:${port || defaultPort(protocol)}`;

function allowedKeys(origins: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const origin of origins) {
    try {
      const url = new URL(origin);
      keys.add(originKey(url.protocol, url.hostname, url.port));
    } catch {
      // Not a URL: allows nothing.
    }
  }
  return keys;
}

/**
 * A connector that opens a socket only to a public address (or to an allowed origin): an IP
 * literal is checked before connecting, a name through the lookup, and the connected peer once more.
 */
function guardedConnector(policy: OutboundPolicy): buildConnector.connector {
  const open = buildConnector({});
  if (policy.allowPrivate) return open;
  const openGuarded = buildConnector({ lookup: guardedLookup(policy.resolve) });
  const allowed = allowedKeys(policy.allowedOrigins);
  return (options, callback) => {
    if (allowed.has(originKey(options.protocol, options.hostname, options.port))) return open(options, callback);
    const host = bare(options.hostname);
    const literal = net.isIP(host) ? blockedAddressReason(host) : null;
    if (literal) return callback(new OutboundBlockedError(host, host, literal), null);
    openGuarded(options, (err, socket) => {
      if (err) return callback(err, null);
      const peer = socket!.remoteAddress;
      const reason = peer ? blockedAddressReason(peer) : 'an unknown address';
      if (reason) {
        socket!.destroy();
        return callback(new OutboundBlockedError(host, peer ?? '?', reason), null);
      }
      callback(null, socket!);
    });
  };
}

// One agent (and so one connection pool) per policy; a policy changes only with the config.
const agents = new WeakMap<typeof dns.lookup, Map<string, Agent>>();

function agentFor(policy: OutboundPolicy): Agent {
  const resolve = policy.resolve ?? dns.lookup;
  let byPolicy = agents.get(resolve);
  if (!byPolicy) agents.set(resolve, (byPolicy = new Map()));
  const key = JSON.stringify([policy.allowPrivate, [...allowedKeys(policy.allowedOrigins)].sort()]);
  let agent = byPolicy.get(key);
  if (!agent) byPolicy.set(key, (agent = new Agent({ connect: guardedConnector(policy) })));
  return agent;
}

// --- fetch --------------------------------------------------------------------------------

export type OutboundResponse = Response;
export type OutboundRequest = {
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** Redirects followed (each through the guard) before giving up; default 5. */
  maxRedirects?: number | undefined;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Not sent on to another origin by a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

function checkProtocol(url: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError(`Only http and https URLs are fetched, not ${url.protocol}.`);
}

/** The guard's own error if it is what made fetch fail ('fetch failed' with causes). */
function blockedCause(err: unknown): OutboundError | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof OutboundError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A GET of a user-supplied URL under the policy. Throws OutboundError when the guard refuses
 * (a scheme other than http/https, a non-public address, too many redirects); any other failure
 * is fetch's own (a TypeError 'fetch failed' with the cause, an AbortError).
 */
export async function outboundFetch(url: string, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const dispatcher = agentFor(policy);
  const maxRedirects = request.maxRedirects ?? MAX_REDIRECTS;
  let headers = { ...request.headers };
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new OutboundError('The URL is not valid.');
  }
  for (let redirects = 0; ; redirects += 1) {
    checkProtocol(current);
    let response: Response;
    try {
      response = await fetch(current, { headers, signal: request.signal, redirect: 'manual', dispatcher });
    } catch (err) {
      throw blockedCause(err) ?? err;
    }
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    if (redirects >= maxRedirects) throw new OutboundError(`The server redirected more than ${maxRedirects} times.`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new OutboundError('The server redirected to an invalid URL.');
    }
    if (next.origin !== current.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())));
    }
    current = next;
  }
}
