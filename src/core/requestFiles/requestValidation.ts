// Checks a request's query and body against its operation's schemas (compiled once per operation).

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';
import { serviceOperatorFor } from '../api/filterVocabulary';
import type { Json } from '../api/types';
import type { RequestOperation } from './requestOperations';
import { querySchema, standaloneBodySchema } from './requestSchemas';

export interface SchemaProblem {
  part: 'query' | 'body';
  /** JSON Pointer inside the part. */
  pointer: string;
  /** The same place for people: `.modelFilter.modelIds[0]`. */
  path: string;
  message: string;
}

/** Made on the first check, not when the module loads (the extension loads it with the request file features). */
let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: () => object): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    // Only the format the schemas use, from the formats module the extension loads on first use.
    ajv ??= new Ajv({
      allErrors: true,
      strict: true,
      strictTypes: false,
      formats: { 'date-time': fullFormats['date-time'] },
    });
    fn = ajv.compile(schema());
    compiled.set(key, fn);
  }
  return fn;
}

const unescape = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

function readablePath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map(unescape)
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`))
    .join('');
}

function valueAt(value: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, s) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[unescape(s)] : undefined),
      value,
    );
}

/** ajv's error, said as a person would, at the place it is about. */
function problemOf(
  part: SchemaProblem['part'],
  error: ErrorObject,
  value: unknown,
): { pointer: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return {
      pointer: `${error.instancePath}/${String(params.additionalProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`,
      message: 'is not allowed here',
    };
  if (error.keyword === 'required')
    return { pointer: error.instancePath, message: `needs "${String(params.missingProperty)}"` };
  if (error.keyword === 'enum') {
    const written = valueAt(value, error.instancePath);
    const word =
      error.instancePath.endsWith('/operator') && typeof written === 'string' ? serviceOperatorFor(written) : undefined;
    if (word) return { pointer: error.instancePath, message: `the service spells this operator "${word}"` };
    return {
      pointer: error.instancePath,
      message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
    };
  }
  const message = error.message ?? error.keyword;
  // Query options take a number or true/false, or a whole-string ${variable} (the schema's pattern).
  const kind =
    error.keyword === 'pattern'
      ? String(params.pattern).startsWith('^-?')
        ? 'integer'
        : 'boolean'
      : error.keyword === 'type'
        ? String(params.type)
        : '';
  if (kind === 'integer' || kind === 'integer,string')
    return { pointer: error.instancePath, message: 'must be an integer' };
  if (kind === 'boolean' || kind === 'boolean,string')
    return { pointer: error.instancePath, message: 'must be true or false' };
  return {
    pointer: error.instancePath,
    message: part === 'query' && error.keyword === 'minItems' ? 'must list at least one value' : message,
  };
}

function check(part: SchemaProblem['part'], fn: ValidateFunction, value: unknown): SchemaProblem[] {
  if (fn(value)) return [];
  const out: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of fn.errors ?? []) {
    // anyOf/if wrappers repeat what their branches said.
    if (error.keyword === 'if' || error.keyword === 'anyOf') continue;
    const { pointer, message } = problemOf(part, error, value);
    const key = `${pointer}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ part, pointer, path: readablePath(pointer), message });
  }
  return out;
}

/** What the operation's schemas refuse in a request's query and body (a body where none is taken included). */
export function schemaProblems(
  operation: RequestOperation,
  query: Record<string, Json> | undefined,
  body: Json | undefined,
): SchemaProblem[] {
  const queryProblems = check(
    'query',
    validator(`${operation.name}\nquery`, () => querySchema(operation)),
    query ?? {},
  ).map((p) =>
    p.message.startsWith('needs "') && p.pointer === ''
      ? { ...p, message: `"${operation.name}" needs "query": { ${requiredText(operation)} }` }
      : p,
  );
  const problems = queryProblems.filter((p, i) => queryProblems.findIndex((q) => q.message === p.message) === i);
  const schema = standaloneBodySchema(operation);
  if (body === undefined) {
    return operation.body === 'file'
      ? [
          ...problems,
          {
            part: 'body',
            pointer: '',
            path: '',
            message: `"${operation.name}" needs a "body": ${operation.bodyDescription}`,
          },
        ]
      : problems;
  }
  if (!schema)
    return [...problems, { part: 'body', pointer: '', path: '', message: `"${operation.name}" takes no body` }];
  return [
    ...problems,
    ...check(
      'body',
      validator(`${operation.name}\nbody`, () => schema),
      body,
    ),
  ];
}

function requiredText(operation: RequestOperation): string {
  return operation.params
    .filter((p) => p.required)
    .map((p) => `"${p.name}": ${p.multiple ? '[…]' : '…'}`)
    .join(', ');
}
