import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching a page a member linked to, safe against server-side request forgery: http and https on ports 80 and 443
 * only; the host resolved once and every address it answered checked (private, loopback, link-local, metadata,
 * multicast, reserved: refused, in IPv4, IPv6 and IPv4-mapped form), the connection then pinned to the address that
 * was checked (no second lookup a rebinding DNS could answer differently); every redirect checked the same way, at most
 * `maxRedirects`; at most `maxBytes` read and `timeoutMs` for the whole fetch. `allowHosts` ("host:port") lets a
 * test's local server through, and nothing else.
 */

export type SafeFetchRefusal =
  | 'invalid-url'
  | 'scheme'
  | 'port'
  | 'credentials'
  | 'private-address'
  | 'unresolved'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  | 'status'
  | 'content-type'
  | 'network';

export class SafeFetchRefused extends Error {
  constructor(
    readonly reason: SafeFetchRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchRefused';
  }
}

export type SafeFetchOptions = {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Content types accepted (prefixes, e.g. 'text/html', 'image/'); anything else is refused before its body is read. */
  accept: readonly string[];
  /** "host:port" pairs let through whatever they resolve to (local test servers); empty in production. */
  allowHosts?: readonly string[];
  /** How a name is resolved (all its addresses); DNS by default. Tests answer with addresses of their choosing. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
};

export type SafeFetchResult = { url: string; status: number; contentType: string; body: Buffer };

const ALLOWED_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Whether an address is one the public internet routes: only `unicast` (an IPv4-mapped IPv6 address judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const hostPort = (url: URL) => `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || ALLOWED_PORTS[url.protocol]}`;

/** Checks one URL and resolves its host to a single checked address to connect to. */
async function checkedTarget(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  if (!(url.protocol in ALLOWED_PORTS)) throw new SafeFetchRefused('scheme', `only http and https are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new SafeFetchRefused('credentials', 'a link with a user name or password is not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (options.allowHosts ?? []).includes(hostPort(url));
  if (!allowed && url.port && url.port !== ALLOWED_PORTS[url.protocol])
    throw new SafeFetchRefused('port', `only ports 80 and 443 are fetched, not ${url.port}`);
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new SafeFetchRefused('unresolved', `${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new SafeFetchRefused('unresolved', `${host} has no address`);
  // Every address must be public: a name answering one public and one private address is refused as a whole.
  if (!allowed) {
    const inner = addresses.find((each) => !isPublicAddress(each.address));
    if (inner) throw new SafeFetchRefused('private-address', `${host} resolves to ${inner.address}, which is not a public address`);
  }
  return addresses[0];
}

/** One request to a checked address: the response's head, and its body read up to the limit. */
function requestOnce(
  url: URL,
  target: { address: string; family: number },
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ status: number; location: string | null; contentType: string; body: Buffer | null }> {
  // The connection goes to the address that was checked, whatever the name would resolve to now.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup: pinned,
        signal,
        agent: false,
        headers: {
          'user-agent': 'BharatSquareLinkPreview/1.0 (+https://bharatsquare.in)',
          accept: options.accept.map((type) => (type.endsWith('/') ? `${type}*` : type)).join(', '),
          'accept-encoding': 'identity',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, contentType, body: null });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new SafeFetchRefused('status', `the page answered ${status}`));
          return;
        }
        if (!options.accept.some((type) => contentType.startsWith(type))) {
          response.destroy();
          reject(new SafeFetchRefused('content-type', `the page is ${contentType || 'of no stated type'}`));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new SafeFetchRefused('too-large', `the page is ${declared} bytes, over ${options.maxBytes}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new SafeFetchRefused('too-large', `the page is over ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location: null, contentType, body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(error));
    request.end();
  });
}

/** Fetches a URL under every rule above; a refusal is a SafeFetchRefused saying which rule. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SafeFetchRefused('invalid-url', 'not a URL');
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await checkedTarget(url, options);
      const answer = await requestOnce(url, target, options, signal);
      if (answer.body) return { url: url.toString(), status: answer.status, contentType: answer.contentType, body: answer.body };
      if (!answer.location) throw new SafeFetchRefused('status', `the page answered ${answer.status} without a Location`);
      if (redirects >= options.maxRedirects)
        throw new SafeFetchRefused('too-many-redirects', `more than ${options.maxRedirects} redirects`);
      // Each hop is checked anew: a public page may redirect to a private address.
      url = new URL(answer.location, url);
    }
  } catch (error) {
    if (error instanceof SafeFetchRefused) throw error;
    if (signal.aborted) throw new SafeFetchRefused('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new SafeFetchRefused('network', error instanceof Error ? error.message : String(error));
  }
}
