import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { say, type Message } from '../../platform/errors.ts';
import { isPublicAddress } from '../../platform/safe-fetch.ts';

// Where a push may be sent. A push endpoint is a URL the browser's push service gave, and the server makes a request
// to it: left open, a member could point it at the server's own network (SSRF). So an endpoint must be https on a
// public host, checked twice: its literal host when it is subscribed, and every address its name resolves to when a
// push is sent (a public name may resolve to a private address). PUSH_ALLOW_HOSTS lists host:port pairs let through
// anyway: a local push service in tests.

/**
 * Loopback, private, link-local, shared (carrier-grade NAT), multicast or reserved: any IP address but a public
 * unicast one (an IPv4-mapped IPv6 address by its IPv4), as the link previews' fetch judges it. A name is not an address.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  return isIP(bare) !== 0 && !isPublicAddress(bare);
}

/** An endpoint's host:port as PUSH_ALLOW_HOSTS names it (`127.0.0.1:4443`, `[::1]:4443`), the port 443 when unsaid. */
export const hostPortOf = (url: URL) => `${url.hostname.toLowerCase()}:${url.port || '443'}`;

const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/** Why an endpoint cannot be subscribed (a catalog message), or null: https, a URL of sane length, a public host. */
export function endpointProblem(endpoint: string, allowHosts: readonly string[]): Message | null {
  if (endpoint.length > 2048 || !URL.canParse(endpoint)) return say('errors.push.endpointInvalid');
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return say('errors.push.endpointNotHttps');
  if (url.username || url.password) return say('errors.push.endpointInvalid');
  if (allowHosts.includes(hostPortOf(url))) return null;
  const host = url.hostname.replace(/\.$/, '');
  if (isPrivateAddress(host) || LOCAL_NAME.test(host) || (!host.includes('.') && isIP(host.replace(/^\[|\]$/g, '')) === 0)) {
    return say('errors.push.endpointHostRefused');
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for a name resolving to any private address (the send-time half of the rule). */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      const failure: NodeJS.ErrnoException = new Error(`push endpoint ${hostname} resolves to a private address (${refused.address})`);
      failure.code = 'EPUSHPRIVATE';
      return callback(failure, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * The HTTPS agents pushes go through, kept alive (a push service is written to again and again): one that refuses
 * private addresses, and one for the allowed host:port pairs. `extraCa` is trusted beside the usual roots.
 */
export function createPushAgents(allowHosts: readonly string[], extraCa?: string[]) {
  const tls = extraCa?.length ? { ca: [...rootCertificates, ...extraCa] } : {};
  const common = { keepAlive: true, maxSockets: 16, ...tls };
  const guarded = new Agent({ ...common, lookup: publicOnlyLookup as never });
  const allowed = new Agent(common);
  return {
    agentFor: (endpoint: string) => (allowHosts.includes(hostPortOf(new URL(endpoint))) ? allowed : guarded),
    close: () => {
      guarded.destroy();
      allowed.destroy();
    },
  };
}
