import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import type { Agent, fetch as UndiciFetch } from 'undici';
import { ConnectorError } from './connectors/connector.ts';

/**
 * Outbound connections to other tools, guarded against server-side request forgery: an address a
 * user typed may not reach this machine, its private network or link-local metadata services —
 * unless an admin allows private networks for on-premises servers (INTEGRATIONS_ALLOW_PRIVATE_NETWORKS).
 * The check runs in the DNS look-up of every connection (so a name that re-resolves to a private
 * address later is refused too), and redirects are never followed.
 */

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part and `::` expanded). */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - first.length - last.length).fill('0');
  const words = [...first, ...zeros, ...last].map((word) => parseInt(word, 16));
  return words.length === 8 && words.every((word) => word >= 0 && word <= 0xffff) ? words : null;
}

/**
 * The IPv4 address an IPv6 address carries, in the forms that reach it: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::).
 */
function embeddedIpv4(address: string): string | null {
  const words = ipv6Words(address);
  if (!words) return null;
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && (words[5] === 0 || words[5] === 0xffff)) return ipv4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return ipv4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return ipv4(words[1]!, words[2]!);
  return null;
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  if (!net.isIPv6(address)) return blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6')) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 !== null && blocked.check(ipv4, 'ipv4');
}

function blockedError(host: string): ConnectorError {
  return new ConnectorError('INTEGRATION_ADDRESS_BLOCKED', `${host} is on a private network`);
}

/** A DNS look-up that refuses private addresses (used by every agent below). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && list.some((entry) => isPrivateAddress(entry.address))) {
        return callback(blockedError(hostname), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

export interface Outbound {
  /** Refuses a URL whose host is an IP literal on a private network (names are checked on connect). */
  checkUrl(url: string): void;
  /** WHATWG fetch through the guarded look-up; redirects are answered, never followed. */
  fetch: typeof globalThis.fetch;
  /** Node agents with the guarded look-up, for SDKs built on node:http. */
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
  /**
   * The address to open a raw connection to (IMAP, which has no agents): the host name resolved, and
   * refused when it is on a private network, as every other connection's look-up does.
   */
  resolveHost(host: string): Promise<{ address: string; family: number }>;
  close(): Promise<void>;
}

export function createOutbound({
  allowPrivateNetworks,
  timeoutMs = 30_000,
}: {
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
}): Outbound {
  const lookup = guardedLookup(allowPrivateNetworks);
  // undici is loaded with the first request, not at the server's start (docs/performance.md, "Memory").
  let undici: Promise<{ dispatcher: Agent; fetch: typeof UndiciFetch }> | undefined;
  const undiciNow = () =>
    (undici ??= import('undici').then(({ Agent: UndiciAgent, fetch }) => ({
      dispatcher: new UndiciAgent({
        connect: { lookup, timeout: timeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      }),
      fetch,
    })));
  const httpAgent = new http.Agent({ keepAlive: true, lookup, timeout: timeoutMs });
  const httpsAgent = new https.Agent({ keepAlive: true, lookup, timeout: timeoutMs });

  function checkUrl(value: string): void {
    const url = new URL(value);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivateNetworks && net.isIP(host) && isPrivateAddress(host)) throw blockedError(host);
    if (!allowPrivateNetworks && (host === 'localhost' || host.endsWith('.localhost'))) throw blockedError(host);
  }

  const guardedFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    checkUrl(url);
    const { dispatcher, fetch: undiciFetch } = await undiciNow();
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof UndiciFetch>[1]),
      dispatcher,
      redirect: 'manual',
      signal: init?.signal ?? AbortSignal.timeout(timeoutMs),
    });
    return response as unknown as Response;
  }) as typeof globalThis.fetch;

  function resolveHost(host: string): Promise<{ address: string; family: number }> {
    const name = host.replace(/^\[|\]$/g, '');
    if (!allowPrivateNetworks && (name === 'localhost' || name.endsWith('.localhost'))) {
      return Promise.reject(blockedError(name));
    }
    return new Promise((resolve, reject) =>
      lookup(name, {}, (error, address, family) =>
        error ? reject(error) : resolve({ address: address as string, family: family ?? 4 }),
      ),
    );
  }

  return {
    checkUrl,
    fetch: guardedFetch,
    httpAgent,
    httpsAgent,
    resolveHost,
    async close() {
      httpAgent.destroy();
      httpsAgent.destroy();
      if (undici) await (await undici).dispatcher.close();
    },
  };
}
