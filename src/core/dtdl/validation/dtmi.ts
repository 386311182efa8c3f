// Digital Twin Model Identifier syntax (the DTMI specification) and the extra rules DTDL puts on the identifiers
// a model author writes.

const SEGMENT = '(?:_+[A-Za-z0-9]|[A-Za-z])(?:[A-Za-z0-9_]*[A-Za-z0-9])?';
const VERSION = '[1-9][0-9]{0,8}(?:\\.[1-9][0-9]{0,5})?';
const DTMI = new RegExp(`^dtmi:${SEGMENT}(?::${SEGMENT})*(?:;${VERSION})?(?:#(?:${SEGMENT})?)?$`);

/** Whether `text` is a DTMI by its specification (any version form, fragment allowed). */
export function isDtmi(text: string): boolean {
  return DTMI.test(text);
}

export interface DtmiParts {
  path: string[];
  major?: number;
  minor?: number;
  fragment?: string;
}

export function dtmiParts(text: string): DtmiParts | undefined {
  if (!isDtmi(text)) return undefined;
  const hash = text.indexOf('#');
  const beforeFragment = hash < 0 ? text : text.slice(0, hash);
  const fragment = hash < 0 ? undefined : text.slice(hash + 1);
  const [path, version] = beforeFragment.slice('dtmi:'.length).split(';');
  const [major, minor] = version === undefined ? [] : version.split('.').map(Number);
  return { path: path.split(':'), major, minor, fragment };
}

/** Why an identifier a model author wrote may not name an element of that DTDL version, or undefined when it may. */
export function userIdProblem(text: string, dtdlVersion: number): 'invalid' | 'fragment' | undefined {
  const parts = dtmiParts(text);
  if (!parts) return 'invalid';
  if (parts.path.some((s) => s.startsWith('_'))) return 'invalid';
  if (parts.major === undefined && dtdlVersion < 3) return 'invalid';
  if (parts.minor !== undefined && dtdlVersion < 3) return 'invalid';
  if (parts.fragment !== undefined) return 'fragment';
  return undefined;
}

/** Identifiers under these prefixes belong to DTDL itself. */
export function isReservedId(text: string): boolean {
  return /^dtmi:(?:dtdl|standard):/.test(text);
}
