// `${name}` in the strings of a request file: a variable of the file, or one the connection supplies.
// A string that is exactly one reference takes the variable's value with its type (a number stays a
// number, a list stays a list); references inside longer text are replaced by the value's text.
// `$${` writes a literal `${`. `${@name#/pointer}` refers to an earlier request's result (requestResultReferences.ts).

import type { Json } from '../api/types';
import type { TemplatePart } from './requestFileModel';
import { isResultReferenceName, parseResultReference } from './requestResultReferences';

/** The names every connection supplies, in the CLI and in the editor. */
export const CONNECTION_VARIABLES = ['connectionName', 'baseUrl', 'clientId'] as const;
export type ConnectionVariableName = (typeof CONNECTION_VARIABLES)[number];
export type ConnectionVariables = Partial<Record<ConnectionVariableName, string>>;

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const REFERENCE = /\$(\$?)\{([^}]*)\}/g;

export interface VariableReference {
  name: string;
  /** Where `${name}` starts in the string, and its length. */
  index: number;
  length: number;
}

export type Substitution = { ok: true; value: Json } | { ok: false; reference: VariableReference; message: string };

/** Every `${name}` in a string (escaped `$${…}` left out). */
export function variableReferences(text: string): VariableReference[] {
  const out: VariableReference[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    if (match[1]) continue;
    out.push({ name: match[2] ?? '', index: match.index, length: match[0].length });
  }
  return out;
}

export function isConnectionVariable(name: string): name is ConnectionVariableName {
  return (CONNECTION_VARIABLES as readonly string[]).includes(name);
}

/** Which names can be used, said in full, for a message about a name that cannot. */
export function knownNamesText(fileNames: readonly string[]): string {
  const own = fileNames.length ? `the file's variables (${fileNames.join(', ')})` : 'no variables of the file';
  return `${own} and the connection's (${CONNECTION_VARIABLES.join(', ')})`;
}

/**
 * The string with its references replaced. `lookup` answers a name with its value, or undefined when
 * there is no such variable.
 */
export function substituteString(text: string, lookup: (name: string) => Json | undefined): Substitution {
  const references = variableReferences(text);
  if (references.length === 1 && references[0]!.index === 0 && references[0]!.length === text.length) {
    const reference = references[0]!;
    const value = lookup(reference.name);
    return value === undefined ? unknown(reference) : { ok: true, value };
  }
  for (const reference of references) {
    const value = lookup(reference.name);
    if (value === undefined) return unknown(reference);
    if (value !== null && typeof value === 'object') {
      return { ok: false, reference, message: standAloneMessage(reference.name, value) };
    }
  }
  const value = text.replace(REFERENCE, (whole: string, escaped: string, name: string) =>
    escaped ? whole.slice(1) : String(lookup(name)),
  );
  return { ok: true, value };
}

function standAloneMessage(name: string, value: Json): string {
  return `\${${name}} holds ${Array.isArray(value) ? 'a list' : 'an object'}: it can only stand alone as the whole string`;
}

function unknown(reference: VariableReference): { ok: false; reference: VariableReference; message: string } {
  return { ok: false, reference, message: `unknown variable "${reference.name}"` };
}

export type TemplateSplit =
  { ok: true; template: TemplatePart[] } | { ok: false; reference: VariableReference; message: string };

/**
 * A string with result references (`${@name#/pointer}`) split into text, its variables filled in and `$${` written
 * as `${`, and the references, for filling in when the request runs; undefined when the string has none.
 */
export function resultTemplate(text: string, lookup: (name: string) => Json | undefined): TemplateSplit | undefined {
  const references = variableReferences(text);
  if (!references.some((r) => isResultReferenceName(r.name))) return undefined;
  const template: TemplatePart[] = [];
  const append = (literal: string): void => {
    if (!literal) return;
    const last = template.length - 1;
    if (typeof template[last] === 'string') template[last] += literal;
    else template.push(literal);
  };
  let from = 0;
  for (const match of text.matchAll(REFERENCE)) {
    append(text.slice(from, match.index));
    from = match.index + match[0].length;
    const name = match[2] ?? '';
    const reference = { name, index: match.index, length: match[0].length };
    if (match[1]) append(match[0].slice(1));
    else if (isResultReferenceName(name)) {
      const parsed = parseResultReference(name);
      if ('error' in parsed) return { ok: false, reference, message: parsed.error };
      template.push(parsed);
    } else {
      const value = lookup(name);
      if (value === undefined) return unknown(reference);
      if (value !== null && typeof value === 'object')
        return { ok: false, reference, message: standAloneMessage(name, value) };
      append(String(value));
    }
  }
  append(text.slice(from));
  return { ok: true, template };
}
