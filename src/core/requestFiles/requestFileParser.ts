// Reads a twin request file (JSON with comments) into its requests, with every problem at its line
// and column: syntax, unknown keys and operations, wrong types, missing or repeated names, unknown
// variables, writes without consent, and queries and bodies the operation's schema refuses.

import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Json } from '../api/types';
import { LineIndex } from '../bulk/lineIndex';
import { isPrototypeKey, prototypeKeyMessage, setOwn } from '../untrusted/prototypeKeys';
import { MAX_JSON_DEPTH, tooDeepOffset } from '../untrusted/jsonDepth';
import type {
  ChainedValue,
  ParsedRequestFile,
  RequestEntry,
  RequestFile,
  RequestProblem,
  TextSpan,
} from './requestFileModel';
import { LEFT_OUT_COMMANDS, REQUEST_OPERATIONS, requestOperation } from './requestOperations';
import { schemaProblems } from './requestValidation';
import { isResultReferenceName, parseResultReference } from './requestResultReferences';
import {
  isConnectionVariable,
  knownNamesText,
  resultTemplate,
  substituteString,
  VARIABLE_NAME,
  variableReferences,
  type ConnectionVariables,
  type VariableReference,
} from './requestVariables';

const FILE_KEYS = ['$schema', 'connection', 'variables', 'requests'];
const REQUEST_KEYS = ['name', 'operation', 'query', 'body', 'write'];
/** Levels of the file around a body: root, requests, request, body. */
const FRAME_LEVELS = 4;

/** The key and value nodes of an object's properties, in order. */
function properties(node: Node): Array<{ key: string; keyNode: Node; value: Node; property: Node }> {
  return (node.children ?? []).flatMap((property) => {
    const [keyNode, value] = property.children ?? [];
    return keyNode && value ? [{ key: String(keyNode.value), keyNode, value, property }] : [];
  });
}

class ProblemList {
  readonly problems: RequestProblem[] = [];
  private readonly lines: LineIndex;

  constructor(text: string) {
    this.lines = new LineIndex(text);
  }

  span(offset: number, length: number): TextSpan {
    return { offset, length, ...this.lines.positionAt(offset) };
  }

  add(node: { offset: number; length: number }, message: string, request?: number): void {
    this.problems.push({
      ...this.span(node.offset, node.length),
      message,
      ...(request !== undefined ? { request } : {}),
    });
  }

  addSyntax(error: ParseError): void {
    this.problems.push({
      ...this.span(error.offset, error.length),
      message: `JSON syntax error: ${printParseErrorCode(error.error)}`,
      syntax: true,
    });
  }
}

/**
 * Parses a request file. `connection` holds the values of the connection's variables (those not given
 * are replaced by empty strings: enough to check a file before a connection is chosen).
 */
export function parseRequestFile(text: string, connection: ConnectionVariables = {}): ParsedRequestFile {
  const source = text.replace(/^\uFEFF/, ' ');
  const list = new ProblemList(source);
  const file: RequestFile = { variables: {}, requests: [] };
  const deep = tooDeepOffset(source, MAX_JSON_DEPTH + FRAME_LEVELS);
  if (deep !== undefined) {
    list.add({ offset: deep, length: 1 }, `the JSON nests deeper than ${MAX_JSON_DEPTH} levels in a request`);
    return { file, problems: list.problems };
  }
  const syntax: ParseError[] = [];
  const root = parseTree(source, syntax, { allowTrailingComma: false, disallowComments: false });
  for (const error of syntax) list.addSyntax(error);
  if (syntax.length) return { file, problems: list.problems };
  if (!root || root.type !== 'object') {
    list.add(
      root ?? { offset: 0, length: 0 },
      'a request file is an object: { "requests": [ { "name", "operation", … } ] }',
    );
    return { file, problems: list.problems };
  }
  const top = new Map<string, Node>();
  for (const { key, keyNode, value } of properties(root)) {
    if (!FILE_KEYS.includes(key))
      list.add(keyNode, `unknown key "${key}" (a request file has ${FILE_KEYS.slice(1).join(', ')})`);
    else if (top.has(key)) list.add(keyNode, `"${key}" is given twice`);
    else top.set(key, value);
  }
  const connectionNode = top.get('connection');
  if (connectionNode) {
    if (connectionNode.type === 'string' && String(connectionNode.value).trim())
      file.connection = String(connectionNode.value);
    else list.add(connectionNode, '"connection" must be the name of a connection');
  }
  readVariables(top.get('variables'), file, list);
  const requestsNode = top.get('requests');
  if (!requestsNode) list.add({ offset: root.offset, length: 1 }, 'the file has no "requests" list');
  else if (requestsNode.type !== 'array') list.add(requestsNode, '"requests" must be a list of requests');
  else {
    const lookup = (name: string): Json | undefined =>
      Object.hasOwn(file.variables, name)
        ? file.variables[name]
        : isConnectionVariable(name)
          ? (connection[name] ?? '')
          : undefined;
    const names = new Map<string, number>();
    (requestsNode.children ?? []).forEach((node, index) => {
      const entry = readRequest(node, index, {
        source,
        list,
        lookup,
        variableNames: Object.keys(file.variables),
        earlier: names,
      });
      if (!entry) return;
      const earlier = names.get(entry.name);
      if (earlier !== undefined)
        list.add(nameNode(node) ?? node, `the name "${entry.name}" is also the name of request ${earlier + 1}`, index);
      else names.set(entry.name, index);
      file.requests.push(entry);
    });
  }
  return { file, problems: list.problems.sort((a, b) => a.offset - b.offset) };
}

function nameNode(request: Node): Node | undefined {
  return properties(request).find((p) => p.key === 'name')?.value;
}

function readVariables(node: Node | undefined, file: RequestFile, list: ProblemList): void {
  if (!node) return;
  if (node.type !== 'object') {
    list.add(node, '"variables" must be an object of names and values');
    return;
  }
  for (const { key, keyNode, value } of properties(node)) {
    if (!VARIABLE_NAME.test(key) || isPrototypeKey(key))
      list.add(keyNode, `"${key}" cannot be a variable name (letters, digits, _ . -, not starting with a digit)`);
    else if (isConnectionVariable(key))
      list.add(keyNode, `"${key}" is supplied by the connection: choose another name`);
    else if (Object.hasOwn(file.variables, key)) list.add(keyNode, `the variable "${key}" is given twice`);
    else setOwn(file.variables, key, plainValue(value));
  }
}

/** A node's value as plain JSON (prototype keys kept as own properties). */
function plainValue(node: Node): Json {
  if (node.type === 'object') {
    const out: Record<string, Json> = {};
    for (const { key, value } of properties(node)) setOwn(out, key, plainValue(value));
    return out;
  }
  if (node.type === 'array') return (node.children ?? []).map(plainValue);
  return node.value as Json;
}

interface RequestContext {
  source: string;
  list: ProblemList;
  lookup: (name: string) => Json | undefined;
  variableNames: string[];
  /** The names of the requests above this one: the results it may use. */
  earlier: ReadonlyMap<string, number>;
}

/** Where a value stands in the request, and the list its strings with result references go to. */
interface Place {
  part: 'query' | 'body';
  path: Array<string | number>;
  chained: ChainedValue[];
}

function readRequest(node: Node, index: number, ctx: RequestContext): RequestEntry | undefined {
  const { list } = ctx;
  if (node.type !== 'object') {
    list.add(node, `request ${index + 1} must be an object with "name" and "operation"`, index);
    return undefined;
  }
  const fields = new Map<string, Node>();
  for (const { key, keyNode, value } of properties(node)) {
    if (!REQUEST_KEYS.includes(key))
      list.add(keyNode, `unknown key "${key}" in a request (it has ${REQUEST_KEYS.join(', ')})`, index);
    else if (fields.has(key)) list.add(keyNode, `"${key}" is given twice`, index);
    else fields.set(key, value);
  }
  const at = { offset: node.offset, length: 1 };
  const nameValue = fields.get('name');
  if (!nameValue) list.add(at, `request ${index + 1} has no "name"`, index);
  else if (nameValue.type !== 'string' || !String(nameValue.value).trim())
    list.add(nameValue, '"name" must be a non-empty string', index);
  const operationValue = fields.get('operation');
  if (!operationValue) list.add(at, `request ${index + 1} has no "operation" (e.g. "twins list")`, index);
  else if (operationValue.type !== 'string')
    list.add(operationValue, '"operation" must be a command path such as "twins list"', index);
  const writeValue = fields.get('write');
  if (writeValue && writeValue.type !== 'boolean') list.add(writeValue, '"write" must be true or false', index);
  const name = nameValue?.type === 'string' ? String(nameValue.value) : undefined;
  const operationName = operationValue?.type === 'string' ? String(operationValue.value) : undefined;
  if (name === undefined || !name.trim() || operationName === undefined) return undefined;
  const entry: RequestEntry = {
    index,
    name,
    operation: operationName,
    write: writeValue?.value === true,
    span: list.span(node.offset, node.length),
  };
  const operation = requestOperation(operationName);
  if (!operation) {
    list.add(operationValue!, unknownOperationMessage(operationName), index);
    return entry;
  }
  if (operation.write && !entry.write)
    list.add(operationValue!, `"${operationName}" changes data: add "write": true to the request to run it`, index);
  const chained: ChainedValue[] = [];
  const queryNode = fields.get('query');
  if (queryNode) {
    if (queryNode.type !== 'object')
      list.add(queryNode, '"query" must be an object of the operation\'s arguments and options', index);
    else entry.query = substitute(queryNode, index, ctx, { part: 'query', path: [], chained }) as Record<string, Json>;
  }
  const bodyNode = fields.get('body');
  if (bodyNode) entry.body = substitute(bodyNode, index, ctx, { part: 'body', path: [], chained });
  if (chained.length) entry.chained = chained;
  for (const problem of schemaProblems(operation, entry.query, entry.body)) {
    // A string that takes an earlier result is checked once it is filled in, when the request runs.
    if (chained.some((c) => c.part === problem.part && isAtOrBelow(problem.pointer, c.path))) continue;
    const base = (problem.part === 'query' ? queryNode : bodyNode) ?? operationValue!;
    list.add(
      nodeAtPointer(base, problem.pointer),
      problem.path ? `${problem.part}${problem.path}: ${problem.message}` : problem.message,
      index,
    );
  }
  return entry;
}

function unknownOperationMessage(name: string): string {
  const reason = LEFT_OUT_COMMANDS[name];
  if (reason) return `"${name}" cannot run from a request file: ${reason}`;
  const group = name.trim().split(/\s+/)[0] ?? '';
  const siblings = [...REQUEST_OPERATIONS.keys()].filter((op) => op.split(' ')[0] === group);
  const groups = [...new Set([...REQUEST_OPERATIONS.keys()].map((op) => op.split(' ')[0]))];
  return siblings.length
    ? `unknown operation "${name}": "${group}" has ${siblings.map((s) => `"${s}"`).join(', ')}`
    : `unknown operation "${name}": operations start with ${groups.join(', ')} (e.g. "twins list")`;
}

/**
 * The node's value with `${name}` replaced in every string; each unknown variable is a problem at its place. A string
 * with result references stays as written and goes to `place.chained`, its variables filled in.
 */
function substitute(node: Node, index: number, ctx: RequestContext, place: Place): Json {
  if (node.type === 'object') {
    const out: Record<string, Json> = {};
    for (const { key, keyNode, value } of properties(node)) {
      if (isPrototypeKey(key)) ctx.list.add(keyNode, prototypeKeyMessage(key, 'the request'), index);
      else out[key] = substitute(value, index, ctx, { ...place, path: [...place.path, key] });
    }
    return out;
  }
  if (node.type === 'array')
    return (node.children ?? []).map((child, i) =>
      substitute(child, index, ctx, { ...place, path: [...place.path, i] }),
    );
  if (node.type !== 'string') return node.value as Json;
  const text = String(node.value);
  const template = resultTemplate(text, ctx.lookup);
  if (template?.ok) {
    const unknownRequest = template.template.find((p) => typeof p !== 'string' && !ctx.earlier.has(p.request));
    if (typeof unknownRequest === 'object') {
      const reference = variableReferences(text).find((r) => {
        const parsed = isResultReferenceName(r.name) ? parseResultReference(r.name) : undefined;
        return parsed !== undefined && 'request' in parsed && parsed.request === unknownRequest.request;
      });
      addAtReference(node, text, reference, ctx, index, earlierRequestMessage(unknownRequest.request, ctx));
    } else place.chained.push({ part: place.part, path: place.path, template: template.template });
    return text;
  }
  const result = template ?? substituteString(text, ctx.lookup);
  if (result.ok) return result.value;
  const known = result.message.startsWith('unknown') ? `; known: ${knownNamesText(ctx.variableNames)}` : '';
  addAtReference(node, text, result.reference, ctx, index, `${result.message}${known}`);
  return text;
}

/** A problem at the reference as written in the file (the whole string when it cannot be found there). */
function addAtReference(
  node: Node,
  text: string,
  reference: VariableReference | undefined,
  ctx: RequestContext,
  index: number,
  message: string,
): void {
  const raw = ctx.source.slice(node.offset, node.offset + node.length);
  const written = reference ? text.slice(reference.index, reference.index + reference.length) : '';
  const at = written ? raw.indexOf(written) : -1;
  ctx.list.add(at >= 0 ? { offset: node.offset + at, length: written.length } : node, message, index);
}

function earlierRequestMessage(name: string, ctx: RequestContext): string {
  const above = [...ctx.earlier.keys()];
  return `no request above this one is named "${name}": a request uses results of the requests above it (${
    above.length ? above.map((n) => `"${n}"`).join(', ') : 'none'
  })`;
}

/** Whether a JSON Pointer is at `path` or inside it. */
function isAtOrBelow(pointer: string, path: ReadonlyArray<string | number>): boolean {
  const prefix = path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  return pointer === prefix || pointer.startsWith(`${prefix}/`);
}

/** The deepest node a JSON Pointer reaches from `base` (a property's whole `"key": value` when it ends at one). */
function nodeAtPointer(base: Node, pointer: string): Node {
  let node = base;
  for (const segment of pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    const next =
      node.type === 'object'
        ? properties(node).find((p) => p.key === segment)?.value
        : node.type === 'array'
          ? node.children?.[Number(segment)]
          : undefined;
    if (!next) break;
    node = next;
  }
  return node.parent?.type === 'property' && node !== base ? node.parent : node;
}
