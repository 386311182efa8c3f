import { createHash } from 'node:crypto';
import { badRequest } from './httpErrors';
import { isObject, type JsonObject } from './requestFields';

/** Opaque continuation tokens: base64url JSON of a position plus a fingerprint of the query it belongs to. */
export function encodeToken(position: JsonObject, query: unknown): string {
  return Buffer.from(JSON.stringify({ ...position, q: fingerprint(query) })).toString('base64url');
}

/** The position in a token; 400 when it is not one of ours or belongs to a different query. */
export function decodeToken(token: string, query: unknown, name = 'continuationToken'): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed)) throw badRequest(`'${name}' is not a continuation token issued by this service.`, name);
  if (parsed.q !== fingerprint(query))
    throw badRequest(
      `'${name}' belongs to a different query; send the same filters as the request that returned it.`,
      name,
    );
  return parsed;
}

function fingerprint(query: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(query ?? null))
    .digest('base64url')
    .slice(0, 16);
}
