// Checks a request's query and body against its operation's schemas (compiled once per operation).

import type { ValidateFunction } from 'ajv';
import { serviceOperatorFor } from '../api/filterVocabulary';
import type { Json } from '../api/types';
import { createSchemaAjv, toValidationErrors } from '../dtdl/twinSchemaValidator';
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

let ajv: ReturnType<typeof createSchemaAjv> | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: () => object): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    ajv ??= createSchemaAjv();
    fn = ajv.compile(schema());
    compiled.set(key, fn);
  }
  return fn;
}

function readablePath(pointer: string): string {
  return pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join('');
}

function valueAt(value: unknown, pointer: string): unknown {
  return pointer.split('/').slice(1).reduce<unknown>((v, s) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[s.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), value);
}

/** ajv's words for the schemas' shapes, said as a person would. */
function plainMessage(message: string, pointer: string, value: unknown): string {
  if (/^must (be integer,string|match pattern "\^-\?)/.test(message)) return 'must be an integer';
  if (/^must (be boolean,string|match pattern "\^\\\$)/.test(message)) return 'must be true or false';
  if (pointer.endsWith('/operator') && message.startsWith('must be one of')) {
    const written = valueAt(value, pointer);
    const word = typeof written === 'string' ? serviceOperatorFor(written) : undefined;
    return word ? `the service spells this operator "${word}"` : message;
  }
  return message;
}

function check(part: SchemaProblem['part'], fn: ValidateFunction, value: unknown): SchemaProblem[] {
  if (fn(value)) return [];
  return toValidationErrors(fn.errors ?? []).map((e) => ({ part, pointer: e.path, path: readablePath(e.path), message: plainMessage(e.message, e.path, value) }));
}

/** What the operation's schemas refuse in a request's query and body (a body where none is taken included). */
export function schemaProblems(operation: RequestOperation, query: Record<string, Json> | undefined, body: Json | undefined): SchemaProblem[] {
  const queryProblems = check('query', validator(`${operation.name}\nquery`, () => querySchema(operation)), query ?? {})
    .map((p) => (p.message.startsWith('must have required') ? { ...p, path: '', message: `"${operation.name}" needs "query": { ${requiredText(operation)} }` } : p));
  const problems = queryProblems.filter((p, i) => queryProblems.findIndex((q) => q.message === p.message) === i);
  const schema = standaloneBodySchema(operation);
  if (body === undefined) {
    return operation.body === 'file' ? [...problems, { part: 'body', pointer: '', path: '', message: `"${operation.name}" needs a "body": ${operation.bodyDescription}` }] : problems;
  }
  if (!schema) return [...problems, { part: 'body', pointer: '', path: '', message: `"${operation.name}" takes no body` }];
  return [...problems, ...check('body', validator(`${operation.name}\nbody`, () => schema), body)];
}

function requiredText(operation: RequestOperation): string {
  return operation.params.filter((p) => p.required).map((p) => `"${p.name}": ${p.multiple ? '[…]' : '…'}`).join(', ');
}
