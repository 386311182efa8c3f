// The id of a JSON-RPC request read from the edges of a line too long to parse: its start and its end. An id is
// taken only where it is certainly the message's own: a key of the outermost object before any nested value (at the
// start, after "jsonrpc" or "method"), or its last key (at the end; the official SDKs write the id last).

type Id = string | number | null;

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const NUMBER = String.raw`-?\d+`;
const SIMPLE_KEY = String.raw`"(?:jsonrpc|method)"\s*:\s*${STRING}\s*,\s*`;
const AT_START = new RegExp(String.raw`^\s*\{\s*(?:${SIMPLE_KEY})*"id"\s*:\s*(${STRING}|${NUMBER})\s*[,}]`);
const AT_END = new RegExp(
  String.raw`[,{]\s*"id"\s*:\s*(${STRING}|${NUMBER})\s*(?:,\s*"(?:jsonrpc|method)"\s*:\s*${STRING}\s*)*\}\s*$`,
);

/** The request's id when the line's start or end shows it; null when neither does. */
export function idAtLineEdges(head: string, tail: string): Id {
  const found = AT_START.exec(head) ?? AT_END.exec(tail);
  if (!found) return null;
  try {
    const id = JSON.parse(found[1]!) as unknown;
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
  } catch {
    return null;
  }
}
