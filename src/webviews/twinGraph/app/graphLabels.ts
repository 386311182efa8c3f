// The twin graph's node labels, short enough to draw whole. Twins are often named after the twin they belong to (a
// room "Level 1 Meeting room" and its sensors "Level 1 Meeting room CO2 concentration", …): cut at the end, four
// labels would read alike. A label that starts with another twin's whole name drops that name ("…CO2
// concentration"); one still too long is cut in the middle, keeping more of its end, which tells twins apart more
// often than its start. The whole name stays in the twin list and the details. Pure: `fits` measures.

const ELLIPSIS = '…';
/** Of what a middle cut keeps, the share taken from the start. */
const HEAD_SHARE = 0.4;

/** The longest other name `label` starts with, followed by a space (the twin it is named after), or ''. */
function namedAfter(label: string, names: ReadonlySet<string>): string {
  for (let end = label.lastIndexOf(' '); end > 0; end = label.lastIndexOf(' ', end - 1)) {
    const prefix = label.slice(0, end);
    if (names.has(prefix)) return prefix;
  }
  return '';
}

/** `text` cut in the middle to the longest form that fits: its start, "…", its end. */
export function cutInMiddle(text: string, fits: (text: string) => boolean): string {
  if (fits(text)) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length - 1;
  let best = ELLIPSIS;
  // The most characters kept (head and tail together) that still fit.
  while (low <= high) {
    const kept = Math.floor((low + high) / 2);
    const head = Math.round(kept * HEAD_SHARE);
    const candidate = `${chars.slice(0, head).join('').trimEnd()}${ELLIPSIS}${chars
      .slice(chars.length - (kept - head))
      .join('')
      .trimStart()}`;
    if (fits(candidate)) {
      best = candidate;
      low = kept + 1;
    } else high = kept - 1;
  }
  return best;
}

/** Each label as the graph draws it (keyed like `labels`): whole when it fits, else shortened as above. */
export function shortLabels(labels: ReadonlyMap<string, string>, fits: (text: string) => boolean): Map<string, string> {
  const names = new Set(labels.values());
  const shown = new Map<string, string>();
  for (const [id, label] of labels) {
    if (fits(label)) {
      shown.set(id, label);
      continue;
    }
    const owner = namedAfter(label, names);
    const own = owner ? `${ELLIPSIS}${label.slice(owner.length + 1)}` : label;
    shown.set(id, cutInMiddle(own, fits));
  }
  return shown;
}
