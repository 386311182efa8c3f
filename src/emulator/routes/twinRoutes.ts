import type { ContinuationPage, DigitalTwin } from '../../core/api/types';
import { validateTwin } from '../../core/dtdl/twinValidation';
import { decodeToken, encodeToken } from '../continuationToken';
import { badRequest, HttpError, notFound, validationFailed } from '../httpErrors';
import { twinFieldProblems } from '../../core/dtdl/twinIdFields';
import {
  field,
  isObject,
  optBoolean,
  optInteger,
  optObject,
  queryBoolean,
  requireArray,
  requireObject,
} from '../requestFields';
import type { Router } from '../router';
import { compileTwinFilters } from '../twins/twinFilters';
import { compareIds, type StoredTwin, type TwinGraph } from '../twins/twinGraph';
import { twinGraphQuery } from '../twins/twinGraphQuery';
import { patchedContents } from '../twins/twinPatch';
import { adtRefusal } from '../twins/adtRefusal';
import { PAGE_SIZES } from '../../core/api/serviceLimits';
import { MAX_TWIN_ID_LENGTH, twinIdPathProblem } from '../../core/api/twinIds';

const DEFAULT_TWIN_PAGE_SIZE = PAGE_SIZES.twins.default;
const MAX_TWIN_PAGE_SIZE = PAGE_SIZES.twins.max;

export function registerTwinRoutes(router: Router, graph: TwinGraph): void {
  router.add('PUT', '/twins', (ctx) => ({ body: graph.toWire(putTwin(graph, ctx.body)) }));

  router.add('GET', '/twins/:id', (ctx) => {
    const twin = requireTwin(graph, ctx.params.id);
    const rels = queryBoolean(ctx.query, 'includeRelationships') ?? false;
    return { body: graph.toWire(twin, { incoming: rels, outgoing: rels }) };
  });

  // Like the service: 200 with no body (read the twin again for its new state).
  router.add('PATCH', '/twins/:id', (ctx) => {
    patchTwin(graph, ctx.params.id, ctx.body);
    return {};
  });

  router.add('POST', '/twins', (ctx) => ({ body: listTwins(graph, ctx.body) }));

  router.add('POST', '/twins/count', (ctx) => {
    const body = ctx.body === undefined ? {} : requireObject(ctx.body);
    const match = compileTwinFilters(body, graph);
    let count = 0;
    for (const twin of graph.twins.values()) if (match(twin)) count++;
    return { body: { count } };
  });

  router.add('POST', '/twins/ids', (ctx) => {
    const ids = requireArray(ctx.body);
    ids.forEach((id, i) => {
      if (typeof id !== 'string') throw badRequest(`Item [${i}] must be a twin id string.`, `[${i}]`);
    });
    const rels = queryBoolean(ctx.query, 'includeRelationships') ?? false;
    const seen = new Set<string>();
    const twins: DigitalTwin[] = [];
    for (const id of ids as string[]) {
      const twin = graph.getTwin(id);
      if (!twin || seen.has(id)) continue;
      seen.add(id);
      twins.push(graph.toWire(twin, { incoming: rels, outgoing: rels }));
    }
    return { body: twins };
  });

  router.add('POST', '/twins/graph', (ctx) => ({ body: twinGraphQuery(graph, ctx.body) }));
}

function requireTwin(graph: TwinGraph, id: string): StoredTwin {
  const twin = graph.getTwin(id);
  if (!twin) throw notFound(`Twin '${id}' does not exist.`);
  return twin;
}

/** Validates a twin document against its model and stores it with a fresh lastUpdateTime. */
function putTwin(graph: TwinGraph, body: unknown): StoredTwin {
  const req = requireObject(body);
  const id = field(req, 'id', 'dtId', 'twinId', '$dtId');
  checkTwinId(id);
  const modelId = field(req, 'modelId');
  if (typeof modelId !== 'string' || modelId === '')
    throw badRequest("'modelId' is required and must be a model id string.", 'modelId');
  const contents = field(req, 'contents') ?? {};
  if (!isObject(contents)) throw badRequest("'contents' must be an object.", 'contents');
  // The service's own checks, with its words (one line each); it answers 500, the emulator 400.
  const problems = twinFieldProblems({ modelId, contents });
  if (problems.length) throw new HttpError(400, problems.map((p) => p.message).join('\n'));
  return store(graph, { id, modelId, contents });
}

function checkTwinId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || id.trim() === '')
    throw badRequest("'id' is required and must be a non-empty string.", 'id');
  if (id.length > MAX_TWIN_ID_LENGTH) throw badRequest(`'id' must be at most ${MAX_TWIN_ID_LENGTH} characters.`, 'id');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(id)) throw badRequest("'id' must not contain control characters.", 'id');
  const pathProblem = twinIdPathProblem(id);
  if (pathProblem) throw badRequest(`'id' ${pathProblem}.`, 'id');
}

function store(
  graph: TwinGraph,
  doc: { id: string; modelId: string; contents: Record<string, unknown> },
  refusal: 'validation' | 'adt' = 'validation',
): StoredTwin {
  // The DTMI and GUID checks belong to PUT only (putTwin): the service does not run them on a patch.
  const problems = validateTwin(graph.models, doc, { idFields: false });
  if (problems.length) {
    const summary = problems.map((p) => `${p.property ?? (p.path || 'twin')}: ${p.message}`).join('; ');
    const detail = `Twin '${doc.id}' does not match model ${doc.modelId}: ${summary}`;
    // A patched twin is validated by Azure Digital Twins, whose refusal the backend passes through.
    if (refusal === 'adt') throw adtRefusal('ValidationFailed', detail);
    const errors: Record<string, string[]> = {};
    for (const p of problems) (errors[p.path || '/'] ??= []).push(p.message);
    throw validationFailed(errors, detail);
  }
  const twin: StoredTwin = { id: doc.id, modelId: doc.modelId, lastUpdateTime: graph.isoNow(), contents: doc.contents };
  graph.putTwin(twin);
  return twin;
}

/** Applies a JSON Patch to the twin's properties (see twinPatch.ts): all operations or none, then re-validated. */
function patchTwin(graph: TwinGraph, id: string, body: unknown): void {
  const current = requireTwin(graph, id);
  const contents = patchedContents(graph.models, current.modelId, current.contents, body);
  store(graph, { id: current.id, modelId: current.modelId, contents }, 'adt');
}

/** POST /twins: filters, continuation-token paging over ids in sorted order. */
function listTwins(graph: TwinGraph, body: unknown): ContinuationPage<DigitalTwin> {
  const req = body === undefined ? {} : requireObject(body);
  const pageSize = optInteger(req, 'pageSize', 1, MAX_TWIN_PAGE_SIZE) ?? DEFAULT_TWIN_PAGE_SIZE;
  const include = optObject(req, 'include');
  const includeOut = include
    ? (optBoolean(include, 'outgoingRelationships', 'include.outgoingRelationships') ?? false)
    : false;
  const includeIn = include
    ? (optBoolean(include, 'incomingRelationships', 'include.incomingRelationships') ?? false)
    : false;
  const match = compileTwinFilters(req, graph);
  const queryKey = Object.fromEntries(
    Object.entries(req)
      .filter(([k]) => !['continuationtoken', 'pagesize', 'include'].includes(k.toLowerCase()))
      .map(([k, v]) => [k.toLowerCase(), v]),
  );
  const token = field(req, 'continuationToken');
  if (token !== undefined && token !== null && typeof token !== 'string')
    throw badRequest("'continuationToken' must be a string.", 'continuationToken');
  let after: string | undefined;
  if (token) {
    const position = decodeToken(token, queryKey);
    if (typeof position.a !== 'string')
      throw badRequest("'continuationToken' is not a continuation token issued by this service.", 'continuationToken');
    after = position.a;
  }
  const ids = graph.sortedIds();
  let i = after === undefined ? 0 : upperBound(ids, after);
  const content: DigitalTwin[] = [];
  let last: string | undefined;
  for (; i < ids.length && content.length < pageSize; i++) {
    const twin = graph.getTwin(ids[i]);
    if (!twin || !match(twin)) continue;
    content.push(graph.toWire(twin, { incoming: includeIn, outgoing: includeOut }));
    last = twin.id;
  }
  let more = false;
  for (; i < ids.length; i++) {
    const twin = graph.getTwin(ids[i]);
    if (twin && match(twin)) {
      more = true;
      break;
    }
  }
  return { content, continuationToken: more && last !== undefined ? encodeToken({ a: last }, queryKey) : null };
}

/** Index of the first id greater than `after`. */
function upperBound(ids: string[], after: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareIds(ids[mid], after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
