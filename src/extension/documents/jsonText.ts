import * as l10n from '@vscode/l10n';
import { parse, type ParseError, printParseErrorCode } from 'jsonc-parser';

/** Pretty JSON with object keys in a stable order: `first` keys in that order, the rest alphabetically (recursively). */
export function stableJson(value: unknown, first: readonly string[] = []): string {
  return `${JSON.stringify(sortKeys(value, first), null, 2)}\n`;
}

function sortKeys(value: unknown, first: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, first));
  if (!value || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort((a, b) => rank(a, first) - rank(b, first) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, sortKeys(obj[k], first)]));
}

function rank(key: string, first: readonly string[]): number {
  const i = first.indexOf(key);
  return i < 0 ? first.length : i;
}

/** A shallow copy of `value` without `keys`. */
export function withoutKeys(value: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

/** Strict JSON parse whose error names the line and column (1-based) of the first problem. */
export function parseJsonStrict(text: string, what: string): unknown {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length) {
    const e = errors[0];
    const before = text.slice(0, e.offset);
    const line = before.split('\n').length;
    const column = e.offset - before.lastIndexOf('\n');
    throw new Error(
      l10n.t(
        '{0} is not valid JSON: {1} at line {2}, column {3}. Nothing was sent.',
        what,
        printParseErrorCode(e.error),
        line,
        column,
      ),
    );
  }
  return value;
}
