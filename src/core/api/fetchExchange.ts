// HTTP exchanges through a fetch function (the global one by default). Inside VS Code the global fetch
// carries the editor's proxy settings and certificates whatever the settings say, so it is the fallback
// where node:http would not (docs/extension.md, "Network").
import {
  type ExchangeRequest,
  type ExchangeResponse,
  type HttpExchange,
  RedirectRefused,
  ResponseTooLarge,
} from './httpExchange';

export class FetchExchange implements HttpExchange {
  readonly name = 'fetch';

  constructor(private readonly fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {}

  async send(request: ExchangeRequest): Promise<ExchangeResponse> {
    let res: Response;
    try {
      // No redirects: with `redirect: 'error'` and no window, fetch also skips cloning the request and teeing its body.
      // A FormData body gets its multipart boundary header from fetch itself.
      res = await this.fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        redirect: 'error',
        window: null,
      });
    } catch (error) {
      if (!request.signal.aborted && isRedirect(error)) throw new RedirectRefused(request.url);
      throw error;
    }
    const body = await readLimited(res, request.maxBytes);
    if (body === undefined) throw new ResponseTooLarge(res.status, request.maxBytes);
    return { status: res.status, headers: res.headers, body };
  }

  close(): void {
    // fetch keeps its own connection pool.
  }
}

/** fetch's network error for a 3xx answer under `redirect: 'error'`. */
function isRedirect(error: unknown): boolean {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  return cause instanceof Error && cause.message === 'unexpected redirect';
}

/**
 * The body's bytes, or undefined when it is larger than `limit`: refused on its Content-Length before
 * reading, or cancelled as soon as the stream passes the limit, so memory stays bounded by the limit.
 */
async function readLimited(res: Response, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

/** One array from several (the only one when there is one). */
function joinChunks(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
