// "Copy as cURL" and "Copy as .http request": a request of the service as text to paste elsewhere. The access token
// is always a variable, never its value: the environment variable BUILDING_TWINS_TOKEN for the shell, and in a .http
// file `{{token}}`, which reads the same environment variable ({{$processEnv …}}, understood by httpyac and REST Client).
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

/**
 * `${VAR:?message}`: a POSIX shell (bash, zsh, dash) refuses to run the command when the variable is unset or empty
 * and prints the message, instead of sending "Bearer " and showing nothing.
 */
const TOKEN_OR_STOP = `\${${CURL_TOKEN_VARIABLE}:?set ${CURL_TOKEN_VARIABLE} to an access token first (Building Twins: Copy Access Token)}`;

/**
 * A cURL command for bash/zsh; the token comes from $BUILDING_TWINS_TOKEN (set it first, e.g. from "Copy Access
 * Token"). `--fail-with-body` (curl 7.76+) makes an HTTP error a non-zero exit (22) that still prints the service's
 * error body; `-sS` keeps curl's own error line.
 */
export function curlCommand(request: SnippetRequest): string {
  const parts = [
    'curl',
    '-sS',
    '--fail-with-body',
    '-X',
    request.method,
    shellQuote(snippetUrl(request)),
    '-H',
    `"Authorization: Bearer ${TOKEN_OR_STOP}"`,
  ];
  if (request.body !== undefined)
    parts.push(
      '-H',
      shellQuote('Content-Type: application/json'),
      '--data-raw',
      shellQuote(JSON.stringify(request.body)),
    );
  return parts.join(' ');
}

/**
 * A request in the .http format (httpyac, REST Client): the base URL and the token as file variables. The token is
 * read from the environment variable the cURL command uses; a variable may not be left empty (httpyac then reads
 * the next line as a request line and fails with "Invalid URL").
 */
export function httpFileRequest(request: SnippetRequest): string {
  const lines = [
    `@baseUrl = ${resolveBaseUrl(request.baseUrl)}`,
    `# The token comes from the environment variable ${CURL_TOKEN_VARIABLE} (Building Twins: Copy Access Token);`,
    '# or replace the value after the equals sign with the token itself.',
    `@token = {{$processEnv ${CURL_TOKEN_VARIABLE}}}`,
    '',
    `${request.method} {{baseUrl}}${pathAndQuery(request)}`,
    'Authorization: Bearer {{token}}',
  ];
  if (request.body !== undefined)
    lines.push('Content-Type: application/json', '', JSON.stringify(request.body, null, 2));
  return `${lines.join('\n')}\n`;
}
