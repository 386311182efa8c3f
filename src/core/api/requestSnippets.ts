// "Copy as cURL" and "Copy as .http request": a request of the service as text to paste elsewhere. The access token
// is always a variable (an environment variable for the shell, `{{token}}` in a .http file), never its value.
import { resolveBaseUrl } from './baseUrl';

/** One request against the service: `path` is below the base URL (`/twins/…`), its segments already encoded. */
export interface SnippetRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  baseUrl: string;
  path: string;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Sent as JSON. */
  body?: unknown;
}

/** The shell variable a cURL command reads the token from. */
export const CURL_TOKEN_VARIABLE = 'BUILDING_TWINS_TOKEN';

/** The path and query below the base URL; refuses a path that would leave it or carries its own query. */
function pathAndQuery(request: SnippetRequest): string {
  if (!request.path.startsWith('/') || request.path.startsWith('//') || /[\s?#\\]|\/\.\.?(\/|$)/.test(request.path)) {
    throw new Error(`"${request.path}" is not a path below the service's base URL.`);
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${request.path}?${text}` : request.path;
}

/** The full URL of the request. */
export function snippetUrl(request: SnippetRequest): string {
  return `${resolveBaseUrl(request.baseUrl)}${pathAndQuery(request)}`;
}

/** Quotes text for a POSIX shell: single quotes, each quote inside written as '\''. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A cURL command for bash/zsh; the token comes from $BUILDING_TWINS_TOKEN (set it first, e.g. from "Copy Access Token"). */
export function curlCommand(request: SnippetRequest): string {
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(snippetUrl(request)), '-H', `"Authorization: Bearer $${CURL_TOKEN_VARIABLE}"`];
  if (request.body !== undefined) parts.push('-H', shellQuote('Content-Type: application/json'), '--data-raw', shellQuote(JSON.stringify(request.body)));
  return parts.join(' ');
}

/**
 * A request in the .http format (REST Client, JetBrains HTTP Client): the base URL and the token as file variables,
 * the token left empty to fill in.
 */
export function httpFileRequest(request: SnippetRequest): string {
  const lines = [
    `@baseUrl = ${resolveBaseUrl(request.baseUrl)}`,
    '# Paste an access token (Building Twins: Copy Access Token) after the equals sign.',
    '@token = ',
    '',
    `${request.method} {{baseUrl}}${pathAndQuery(request)}`,
    'Authorization: Bearer {{token}}',
  ];
  if (request.body !== undefined) lines.push('Content-Type: application/json', '', JSON.stringify(request.body, null, 2));
  return `${lines.join('\n')}\n`;
}
