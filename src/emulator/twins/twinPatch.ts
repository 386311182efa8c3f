// PATCH /twins/{id} as the service applies it: a JSON Patch whose paths start at the twin's properties
// (`/name`, `/component/prop`), the way Azure Digital Twins addresses a twin. The twin's `contents` is
// the patched document; `/contents/...` is refused unless the model really has a `contents` property.
// A patch that does not bind (an operation without `op` or `path`) is the backend's 400; one whose paths or
// operations Azure Digital Twins refuses comes back as ADT's error, passed through (adtRefusal.ts).

import { applyOperation, JsonPatchError, type Operation } from 'fast-json-patch';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { isPrototypeKey } from '../../core/untrusted/prototypeKeys';
import { badRequest } from '../httpErrors';
import { adtRefusal } from './adtRefusal';
import { field, isObject, requireArray, type JsonObject } from '../requestFields';

const OPERATIONS = ['add', 'remove', 'replace', 'move', 'copy', 'test'];

/** The twin's contents after `body` (a JSON Patch array); throws a 400 and changes nothing when any operation fails. */
export function patchedContents(
  models: ModelIndex,
  modelId: string,
  contents: Record<string, unknown>,
  body: unknown,
): Record<string, unknown> {
  const contentsIsProperty = models.properties(modelId).has('contents') || models.components(modelId).has('contents');
  const ops = requireArray(body).map((raw, i) => toOperation(raw, i, contentsIsProperty));
  const doc = structuredClone(contents) as JsonObject;
  ops.forEach((op, i) => {
    try {
      applyOperation(doc, op, true, true, true, i);
    } catch (err) {
      if (err instanceof JsonPatchError)
        throw adtRefusal(
          'JsonPatchInvalid',
          `JSON Patch operation [${i}] (${op.op} ${op.path}) failed: ${err.message.split('\n')[0]}`,
        );
      throw err;
    }
  });
  return doc;
}

function toOperation(raw: unknown, i: number, contentsIsProperty: boolean): Operation {
  if (!isObject(raw)) throw badRequest(`Operation [${i}] must be an object with 'op' and 'path'.`, `[${i}]`);
  const op = field(raw, 'op');
  const path = field(raw, 'path');
  if (typeof op !== 'string' || !OPERATIONS.includes(op)) {
    throw badRequest(`Operation [${i}]: 'op' must be add, remove, replace, move, copy or test.`, `[${i}].op`);
  }
  if (typeof path !== 'string')
    throw badRequest(`Operation [${i}]: 'path' must be a JSON Pointer string.`, `[${i}].path`);
  const out: JsonObject = { op, path: checkPath(path, i, 'path', contentsIsProperty) };
  const from = field(raw, 'from');
  if (op === 'move' || op === 'copy') {
    if (typeof from !== 'string')
      throw badRequest(`Operation [${i}]: '${op}' needs a 'from' JSON Pointer.`, `[${i}].from`);
    out.from = checkPath(from, i, 'from', contentsIsProperty);
  }
  if (op === 'add' || op === 'replace' || op === 'test') {
    const hasValue = Object.keys(raw).some((k) => k.toLowerCase() === 'value');
    if (!hasValue) throw badRequest(`Operation [${i}]: '${op}' needs a 'value'.`, `[${i}].value`);
    out.value = field(raw, 'value');
  }
  return out as unknown as Operation;
}

function checkPath(pointer: string, i: number, name: string, contentsIsProperty: boolean): string {
  if (pointer === '')
    throw adtRefusal('JsonPatchInvalid', `Operation [${i}]: '${name}' cannot replace the whole twin.`);
  if (!pointer.startsWith('/'))
    throw adtRefusal('JsonPatchInvalid', `Operation [${i}]: '${name}' must be a JSON Pointer starting with '/'.`);
  const first = pointer.slice(1).split('/')[0]!;
  if (first === 'contents' && !contentsIsProperty) {
    const property = pointer.slice('/contents'.length) || '/<property>';
    throw adtRefusal(
      'JsonPatchInvalid',
      `Operation [${i}]: path '${pointer}' is not a property of the twin; patch paths start at the twin's properties (write '${property}').`,
    );
  }
  if (first.startsWith('$'))
    throw adtRefusal(
      'JsonPatchInvalid',
      `Operation [${i}]: path '${pointer}' addresses service-managed data, which a patch cannot change.`,
    );
  const reserved = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .find(isPrototypeKey);
  if (reserved !== undefined)
    throw adtRefusal(
      'JsonPatchInvalid',
      `Operation [${i}]: path '${pointer}' goes through "${reserved}", which is not a twin property.`,
    );
  return pointer;
}
