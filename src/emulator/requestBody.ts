// Reading a request body with the work it may cost bounded before anything is parsed: at most `limit` bytes,
// a share of the bytes all requests may hold at once (BodyBudget), and, for a JSON body, its nesting checked
// as the bytes arrive, so a deeply nested body is refused at its first level too deep instead of after the
// whole body was buffered and parsed.

import type * as http from 'node:http';
import { JsonDepthScanner, MAX_JSON_DEPTH } from '../core/untrusted/jsonDepth';
import type { BodyLease } from './bodyBudget';
import { HttpError } from './httpErrors';

/** How much of a refused body is still read and thrown away, so the client reads the answer rather than a reset. */
const DISCARD_LIMIT = 32 * 1024 * 1024;

export interface BodyRules {
  limit: number;
  /** This request's share of the bytes all requests may hold at once. */
  lease: BodyLease;
  /** Whether the body is read as JSON (its nesting is then checked while it arrives). */
  json: boolean;
}

/** Whether a body of this content type is read as JSON: a JSON type, or none. */
export function readsAsJson(contentType: string): boolean {
  return /json/i.test(contentType) || contentType.trim() === '';
}

function tooDeep(): HttpError {
  const detail = `The maximum configured depth of ${MAX_JSON_DEPTH} has been exceeded: the request body nests JSON objects or arrays deeper than ${MAX_JSON_DEPTH} levels.`;
  return new HttpError(400, detail, { $: [detail] }, { headers: { Connection: 'close' } });
}

function tooLarge(declared: number, limit: number, close: boolean): HttpError {
  return new HttpError(
    413,
    Number.isFinite(declared) && declared > limit
      ? `The request body is ${declared} bytes; the limit is ${limit} bytes.`
      : `The request body exceeds the limit of ${limit} bytes.`,
    undefined,
    close ? { headers: { Connection: 'close' } } : {},
  );
}

function busy(budget: number): HttpError {
  return new HttpError(
    503,
    `The emulator is reading other large request bodies (at most ${Math.round(budget / 1024 / 1024)} MiB at once): nothing was changed; retry shortly.`,
    undefined,
    { headers: { 'Retry-After': '1', Connection: 'close' } },
  );
}

/**
 * The request body. A body over the limit is read to its end and discarded (up to DISCARD_LIMIT more) before
 * the 413; one nested too deeply is refused (400) as soon as it is; one that would pass the bytes all requests
 * may hold at once is refused with 503 and Retry-After.
 */
export function readBody(req: http.IncomingMessage, rules: BodyRules, budget: number): Promise<Buffer> {
  const { limit, lease } = rules;
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const known = Number.isFinite(declared) && declared >= 0;
    if (known && declared > limit + DISCARD_LIMIT) return reject(tooLarge(declared, limit, true));
    if (known && declared <= limit && !lease.take(declared)) return reject(busy(budget));
    const scanner = rules.json ? new JsonDepthScanner() : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (settled) {
        if (size > limit + DISCARD_LIMIT) req.destroy();
        return;
      }
      if (size > limit) {
        chunks.length = 0;
        if (size > limit + DISCARD_LIMIT) fail(tooLarge(declared, limit, true));
        return;
      }
      if (!known && !lease.take(chunk.length)) return fail(busy(budget));
      if (scanner?.feed(chunk) !== undefined) return fail(tooDeep());
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      if (size > limit) return fail(tooLarge(declared, limit, false));
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', fail);
    req.on('close', () => fail(new Error('The client closed the connection before its request body was read.')));
  });
}
