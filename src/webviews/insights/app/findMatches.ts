// Find in panel: where a search text occurs in a cell's text (case-insensitive), for highlighting and counting.

/** The [start, end) spans of each non-overlapping occurrence of `needle` in `text`; none for an empty needle. */
export function matchRanges(text: string, needle: string): Array<[start: number, end: number]> {
  const wanted = needle.toLocaleLowerCase();
  if (!wanted) return [];
  const haystack = text.toLocaleLowerCase();
  // Lower-casing can change a string's length (e.g. 'İ'); then no span could be mapped back onto the text.
  if (haystack.length !== text.length) return fallbackRanges(text, needle);
  const out: Array<[number, number]> = [];
  for (let at = haystack.indexOf(wanted); at !== -1; at = haystack.indexOf(wanted, at + wanted.length))
    out.push([at, at + wanted.length]);
  return out;
}

function fallbackRanges(text: string, needle: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length))
    out.push([at, at + needle.length]);
  return out;
}

/** The text split into plain and matched pieces, in order, for building highlighted text nodes. */
export function splitByMatches(text: string, needle: string): Array<{ text: string; match: boolean }> {
  const pieces: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, needle)) {
    if (start > at) pieces.push({ text: text.slice(at, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length || !pieces.length) pieces.push({ text: text.slice(at), match: false });
  return pieces;
}
