// Which way a connection's requests go on the wire inside VS Code: keep-alive node:http, or fetch where a
// custom agent would escape the editor's proxy support. VS Code (@vscode/proxy-agent) patches `http`,
// `https` and `fetch` in the extension host. With `http.proxySupport` "override" (the default) or
// "fallback" it applies the proxy settings and certificates to node:http requests that bring their own
// agent too; with "on" it leaves such requests alone (the proxy would be bypassed) and only fetch gets
// the proxy; with "off" neither gets one. Loopback hosts are always connected to directly.
// See docs/extension.md, "Network".
import { isLoopbackHost, resolveBaseUrl } from '../../core/api/baseUrl';

export type ConnectionExchange = 'node' | 'fetch';

export interface NetworkSettings {
  /** The `http.proxySupport` setting: "override" (default), "fallback", "on" or "off". */
  proxySupport?: string;
}

/** `baseUrl` as a connection gives it: a URL or an instance name. */
export function exchangeForConnection(baseUrl: string, settings: NetworkSettings): ConnectionExchange {
  if (isLoopback(baseUrl)) return 'node';
  return settings.proxySupport === 'on' ? 'fetch' : 'node';
}

function isLoopback(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(resolveBaseUrl(baseUrl)).hostname);
  } catch {
    return false; // not a URL the client would take either: it says so itself
  }
}
