// DNS-rebinding and cross-site guard: a web page the developer visits must not reach the emulator, which may
// hold a copy of real portfolio data. Only loopback Host names, IP literals and the host it was started on are
// answered, and a browser's Origin must be loopback (or that host) too.

import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

export function isLoopbackHost(hostname: string): boolean {
  const name = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(name);
  return false;
}

/** The host name of a Host header value (`name`, `name:port`, `[v6]:port`); undefined when malformed. */
function hostName(header: string): string | undefined {
  try {
    return new URL(`http://${header.trim()}`).hostname;
  } catch {
    return undefined;
  }
}

/** Why a request must be refused (403), or undefined when its Host and Origin are acceptable. */
export function foreignRequestReason(
  host: string | undefined,
  origin: string | undefined,
  boundHost: string,
): string | undefined {
  const name = host === undefined ? undefined : hostName(host);
  const bound = boundHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === undefined) return 'The Host header is missing or malformed.';
  const plainName = name.replace(/^\[|\]$/g, '').toLowerCase();
  // An IP literal cannot be re-pointed by DNS, so it is no rebinding vector (it matters when bound to a LAN address).
  if (!isLoopbackHost(plainName) && plainName !== bound && isIP(plainName) === 0) {
    return `Host '${name}' is not served: the emulator answers loopback hosts and '${boundHost}' only (DNS rebinding guard).`;
  }
  if (origin !== undefined && origin !== 'null') {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).hostname;
    } catch {
      originHost = undefined;
    }
    const plainOrigin = originHost?.replace(/^\[|\]$/g, '').toLowerCase();
    if (plainOrigin === undefined || (!isLoopbackHost(plainOrigin) && plainOrigin !== bound)) {
      return `Origin '${origin}' is refused: web pages on other hosts cannot call the emulator.`;
    }
  } else if (origin === 'null') {
    return "Origin 'null' is refused: sandboxed or file pages cannot call the emulator.";
  }
  return undefined;
}
