// Turns what a user types (a full URL or an instance name) into the service's base URL.

const API_PATH = '/api/v3';
const INSTANCE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** True for 127.0.0.0/8, localhost and [::1]: the only hosts plain http is allowed for. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const parts = host.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/**
 * `https://host[/prefix]/api/v3` (a bare host gets `/api/v3` appended) or an instance name, which
 * becomes `https://{instance}.app.willowinc.com/api/v3`. Returns the URL without a trailing slash.
 */
export function resolveBaseUrl(input: string): string {
  const text = input.trim();
  if (!text) throw new Error('The service URL is empty: give a full https://…/api/v3 URL or an instance name.');
  if (!text.includes('://')) {
    if (!INSTANCE_NAME.test(text)) {
      throw new Error(`"${text}" is neither a URL nor an instance name (letters, digits and inner hyphens only).`);
    }
    return `https://${text.toLowerCase()}.app.willowinc.com${API_PATH}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The service URL must use https, got "${url.protocol.replace(':', '')}".`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new Error(
      `Plain http is refused for ${url.hostname}: use https (http is only allowed for localhost, 127.0.0.0/8 and [::1]).`,
    );
  }
  if (url.username || url.password) throw new Error('The service URL must not contain credentials.');
  if (url.search || url.hash) throw new Error('The service URL must not contain a query or a fragment.');
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') return `${url.origin}${API_PATH}`;
  if (!path.endsWith(API_PATH))
    throw new Error(`The service URL path must end with ${API_PATH}, got "${url.pathname}".`);
  return `${url.origin}${path}`;
}
