const HYPHENATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^[0-9a-f]{32}$/i;

/**
 * A GUID as .NET parses one (ASP.NET route values, `Guid.TryParse`): 32 hex digits, bare, or hyphenated
 * 8-4-4-4-12 (also in braces or parentheses), any case, surrounding white space ignored. Answers the
 * canonical form (hyphenated, lower case), or undefined.
 */
export function canonicalGuid(raw: string): string | undefined {
  const text = raw.trim();
  const wrapped = /^\{.*\}$|^\(.*\)$/.test(text);
  const inner = wrapped ? text.slice(1, -1) : text;
  if (HYPHENATED.test(inner)) return inner.toLowerCase();
  if (!wrapped && DIGITS.test(inner)) {
    const hex = inner.toLowerCase();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  return undefined;
}
