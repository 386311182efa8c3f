// Answers sized for a language model: compact JSON, never more than MAX_ANSWER_CHARS. When an answer
// is longer, its longest lists are halved until it fits, and `cut` says what was left out and how to
// get the rest (the tool's own paging or a narrower question).

/** About 3,000 tokens. */
export const MAX_ANSWER_CHARS = 12_000;
/** Longest text value kept whole (descriptions, notes); longer ones end with "…". */
export const MAX_TEXT_CHARS = 400;

export interface ToolAnswer {
  /** The answer as sent: compact JSON of `data`. */
  text: string;
  data: Record<string, unknown>;
}

type Lists = Array<{ owner: Record<string, unknown> | unknown[]; key: string | number; list: unknown[]; path: string }>;

/** Lists anywhere in `value` (objects and arrays walked), with where they sit. */
function findLists(value: unknown, path: string, out: Lists): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (Array.isArray(item)) out.push({ owner: value, key: i, list: item, path: `${path}[${i}]` });
      findLists(item, `${path}[${i}]`, out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (Array.isArray(item)) out.push({ owner: value as Record<string, unknown>, key, list: item, path: path ? `${path}.${key}` : key });
      findLists(item, path ? `${path}.${key}` : key, out);
    }
  }
}

/**
 * `data` as compact JSON within `maxChars`. `more` tells how to get what a cut left out (e.g. "ask again
 * with a narrower filter or the continuationToken"). Never returns more than maxChars.
 */
export function fitAnswer(data: Record<string, unknown>, more: string, maxChars = MAX_ANSWER_CHARS): ToolAnswer {
  let text = JSON.stringify(data);
  if (text.length <= maxChars) return { text, data };
  const copy = JSON.parse(text) as Record<string, unknown>;
  const cuts = new Map<string, { kept: number; of: number }>();
  for (let round = 0; round < 64 && text.length > maxChars; round++) {
    const lists: Lists = [];
    findLists(copy, '', lists);
    const longest = lists.filter((l) => l.list.length > 1).sort((a, b) => JSON.stringify(b.list).length - JSON.stringify(a.list).length)[0];
    if (!longest) break;
    const of = cuts.get(longest.path)?.of ?? longest.list.length;
    longest.list.length = Math.max(1, Math.floor(longest.list.length / 2));
    cuts.set(longest.path, { kept: longest.list.length, of });
    copy.cut = describeCuts(cuts, more);
    text = JSON.stringify(copy);
  }
  if (text.length > maxChars) {
    // Still too long (one huge item): say so rather than send a broken half.
    const fallback = { cut: `the answer (${text.length} characters) is too large to show; ${more}` };
    return { text: JSON.stringify(fallback), data: fallback };
  }
  return { text, data: copy };
}

function describeCuts(cuts: Map<string, { kept: number; of: number }>, more: string): string {
  const parts = [...cuts].map(([path, { kept, of }]) => `${path}: first ${kept} of ${of} shown`);
  return `answer shortened to fit (${parts.join('; ')}); ${more}`;
}

/** A text from the service, cut to MAX_TEXT_CHARS. */
export function clipText(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_TEXT_CHARS ? `${value.slice(0, MAX_TEXT_CHARS - 1)}…` : value;
}
