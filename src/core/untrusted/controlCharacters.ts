// Text from a service or a file may carry terminal control: escape sequences that set the window
// title, rewrite the screen or hide a link (OSC, CSI, …) and bare control characters; and bidirectional
// embedding, override and isolate controls, which reorder what is shown after them (text that reads as one thing
// and is another); and invisible format characters: bidi marks, zero-width characters and Unicode tags, which
// hide text from a reader while a program (or a language model) still reads it. Anything printed for people goes
// through stripControl first, and every agent answer through cleanServiceValue.

/* eslint-disable no-control-regex */

/**
 * Whole escape sequences, 7-bit (ESC …) and 8-bit (C1 introducers):
 * - control strings (OSC, DCS, SOS, PM, APC) up to their terminator (BEL or ST); an unterminated one
 *   loses only its introducer, so the rest shows as plain text;
 * - CSI: parameters, intermediates and the final byte;
 * - any other ESC with its intermediates and final byte.
 * The character classes do not overlap, so matching stays linear.
 */
const ESCAPE_SEQUENCE =
  /(?:\x1b[\]PX^_]|[\x90\x98\x9d-\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b[\x20-\x2f]*[\x30-\x7e]/g;
/** C0 controls, DEL and C1 controls. */
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;
const HAS_CONTROL = new RegExp(CONTROL.source);
/** The same, except tab and line feed. */
const CONTROL_BUT_LAYOUT = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;
/**
 * Invisible format characters: the bidi marks (U+200E, U+200F, U+061C), zero-width space and non-joiner, word joiner
 * and invisible operators (U+2060–U+2064), the byte order mark, and tags (U+E0000–U+E007F, "ASCII smuggling"). A
 * zero-width joiner is kept only where it joins emoji (👩‍🔧), its one use in names.
 */
const INVISIBLE =
  /[\u061c\u200b\u200c\u200e\u200f\u2060-\u2064\ufeff\u{e0000}-\u{e007f}]|(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu;
/** What JSON.stringify leaves raw inside strings although terminals act on it: DEL, C1 and the bidi controls. */
const RAW_IN_JSON = /[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` without terminal control: escape sequences are removed whole, then every other C0 control,
 * DEL, C1 control, bidi control and invisible format character. With `keepLayout`, tab and line feed stay (for
 * multi-line messages).
 */
export function stripControl(text: string, options: { keepLayout?: boolean } = {}): string {
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(options.keepLayout ? CONTROL_BUT_LAYOUT : CONTROL, '')
    .replace(BIDI_CONTROL, '')
    .replace(INVISIBLE, '');
}

/**
 * A JSON value with every string in it (keys included) cleaned as stripControl cleans terminal text, keeping
 * line feeds and tabs: what an agent reads of the service's text is what a person would see.
 */
export function cleanServiceValue(value: unknown): unknown {
  if (typeof value === 'string') return stripControl(value, { keepLayout: true });
  if (Array.isArray(value)) return value.map(cleanServiceValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Defined, not assigned: a key such as "__proto__" stays data instead of setting the prototype.
    Object.defineProperty(out, stripControl(key, { keepLayout: true }), {
      value: cleanServiceValue(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Whether `text` holds a C0 control, DEL or a C1 control. */
export function hasControl(text: string): boolean {
  return HAS_CONTROL.test(text);
}

/**
 * JSON text (as JSON.stringify writes it) with DEL, C1 and bidi controls written as `\u` escapes, so it
 * prints safely and still parses to the same value: outside strings JSON holds only ASCII.
 */
export function escapeRawControlInJson(json: string): string {
  return json.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
