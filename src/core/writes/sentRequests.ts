// Everything a write will send, for the confirmation to show in full: each request's method and URL with its whole
// body (as JSON, or the files of an upload), and how much that is. A dialog shows a summary; this text is the rest.
import * as l10n from '@vscode/l10n';
import { escapeRawControlInJson } from '../untrusted/controlCharacters';
import { requestLine, type PendingWrite } from './writePreview';
import { countNumber } from '../../shared/countText';

/** One request as it will be sent. */
export interface SentRequest {
  /** What and where, e.g. `PUT https://host/api/v3/twins` (requestLine), control characters removed. */
  title: string;
  /** Arguments that go into the URL, when the title does not show them (a request file's query). */
  args?: Readonly<Record<string, unknown>>;
  /** The JSON body (a PATCH's operations, a PUT's document); absent for a request without one. */
  body?: unknown;
  /** A multipart upload's files, by name and size. */
  files?: ReadonlyArray<{ name: string; bytes: number }>;
}

/** The request a PendingWrite describes (its patch or body). */
export function pendingRequest(write: PendingWrite): SentRequest {
  return {
    title: requestLine(write.method, write.baseUrl, write.path),
    ...(write.patch
      ? { body: write.patch }
      : write.files
        ? { files: write.files }
        : write.body !== undefined
          ? { body: write.body }
          : {}),
  };
}

/** The bytes of a request's body on the wire: the JSON as the client sends it (compact), or the files' sizes. */
export function bodyBytes(request: SentRequest): number {
  if (request.files) return request.files.reduce((sum, f) => sum + f.bytes, 0);
  const json = request.body === undefined ? undefined : JSON.stringify(request.body);
  return json === undefined ? 0 : new TextEncoder().encode(json).length;
}

/** How much is sent, e.g. `2 requests, 1,234 bytes in total`. */
export function sentSize(requests: readonly SentRequest[]): string {
  const bytes = countNumber(requests.reduce((sum, r) => sum + bodyBytes(r), 0));
  return requests.length === 1
    ? l10n.t('1 request, {0} bytes of body', bytes)
    : l10n.t('{0} requests, {1} bytes of body in total', requests.length, bytes);
}

/**
 * Every request in full, for a read-only document beside the confirmation: a comment line with the request and its
 * size, then the whole body as indented JSON (the same value the client sends compact; raw DEL and C1 controls
 * written as escapes). Nothing is cut.
 */
export function sentText(requests: readonly SentRequest[]): string {
  const header = `// ${sentSize(requests)}`;
  return (
    [
      header,
      ...requests.map((r, i) => {
        const title = [
          `// ${requests.length > 1 ? `${i + 1}/${requests.length} ` : ''}${r.title} (${l10n.t('{0} bytes', countNumber(bodyBytes(r)))})`,
          ...(r.args && Object.keys(r.args).length
            ? [`// ${l10n.t('arguments: {0}', escapeRawControlInJson(JSON.stringify(r.args)))}`]
            : []),
        ].join('\n');
        if (r.files)
          return [
            title,
            ...r.files.map(
              (f) => `//   ${l10n.t('file {0} ({1} bytes)', escapeRawControlInJson(JSON.stringify(f.name)), f.bytes)}`,
            ),
          ].join('\n');
        return r.body === undefined
          ? `${title}\n// ${l10n.t('no body')}`
          : `${title}\n${escapeRawControlInJson(JSON.stringify(r.body, null, 2))}`;
      }),
    ].join('\n\n') + '\n'
  );
}
