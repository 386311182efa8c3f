// The plan of a bulk patch: every twin read as it is now, the change applied to a copy and checked against the
// twin's model before anything is sent. Twins the change cannot be sent to are refused, each with its reason.
import { twinIdProblem } from '../api/twinIds';
import type { BuildingTwinsApi, DigitalTwin, JsonPatchOperation } from '../api/types';
import type { ModelIndex } from '../dtdl/modelIndex';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../untrusted/jsonDepth';
import { findPrototypeKey, isPrototypeKey, prototypeKeyMessage } from '../untrusted/prototypeKeys';
import { coerceCell } from './csvValues';
import { checkTwinPatch, propertyPathPatch } from './twinPatchCheck';

/** What to change on every twin: one JSON Patch, or one property set to a value written as text. */
export type BulkChange =
  | { kind: 'patch'; patch: JsonPatchOperation[] }
  /** `value` is read by the property's schema in each twin's model (`12` for an integer, `true` for a boolean). */
  | { kind: 'set'; property: string; value: string };

export interface PlannedPatch {
  /** The report's key (`patch:<twin id>`). */
  key: string;
  twinId: string;
  modelId: string;
  /** 1-based position of the twin in the list asked for. */
  position: number;
  /** The body of `PATCH /twins/{id}`, exactly as it is sent. */
  patch: JsonPatchOperation[];
}

export interface RefusedTwin {
  twinId: string;
  reason: string;
}

export interface PatchPlan {
  patches: PlannedPatch[];
  /** Twins nothing is sent to: not on the service, or the change does not apply or breaks their model. */
  refused: RefusedTwin[];
  /** Twins that hold the change's values already: nothing to send. */
  unchanged: string[];
  countsByModel: Record<string, number>;
}

const OPERATIONS = ['add', 'remove', 'replace', 'move', 'copy', 'test'];
const MAX_REASONS = 3;

export const patchKey = (twinId: string): string => `patch:${twinId}`;

/** Why a change cannot be used at all (for any twin), or undefined. */
export function bulkChangeProblem(change: BulkChange): string | undefined {
  if (change.kind === 'set') {
    const name = change.property.trim();
    if (!name) return 'the property name is empty';
    if (name.includes('/')) return `"${name}" is a path; set names one property (a JSON Patch can reach deeper)`;
    if (isPrototypeKey(name)) return prototypeKeyMessage(name, `/${name}`);
    return undefined;
  }
  const { patch } = change;
  if (!Array.isArray(patch) || patch.length === 0) return 'the JSON Patch must be a non-empty array of operations';
  for (const [i, op] of patch.entries()) {
    const o = op as Partial<JsonPatchOperation> | null;
    if (!o || typeof o !== 'object' || Array.isArray(o)) return `operation ${i + 1} is not an object`;
    if (typeof o.op !== 'string' || !OPERATIONS.includes(o.op))
      return `operation ${i + 1}: "op" must be one of ${OPERATIONS.join(', ')}`;
    if (typeof o.path !== 'string' || !o.path.startsWith('/'))
      return `operation ${i + 1}: "path" must be a JSON Pointer starting with "/"`;
    if ((o.op === 'move' || o.op === 'copy') && (typeof o.from !== 'string' || !o.from.startsWith('/')))
      return `operation ${i + 1}: "${o.op}" needs a "from" JSON Pointer`;
    if ((o.op === 'add' || o.op === 'replace' || o.op === 'test') && !('value' in o))
      return `operation ${i + 1}: "${o.op}" needs a "value"`;
  }
  if (exceedsJsonDepth(patch, MAX_JSON_DEPTH))
    return `the patch nests deeper than ${MAX_JSON_DEPTH} levels (the service refuses deeper requests)`;
  const pointer = findPrototypeKey(patch);
  if (pointer !== undefined) return prototypeKeyMessage(pointer.slice(pointer.lastIndexOf('/') + 1), pointer);
  const reserved = patch
    .flatMap((op) => [op.path, op.from ?? ''])
    .flatMap((path) => path.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')))
    .find(isPrototypeKey);
  if (reserved !== undefined) return prototypeKeyMessage(reserved, 'a path of the patch');
  return undefined;
}

/** The operations that make this change on this twin, or why it cannot. */
function operationsFor(
  index: ModelIndex,
  twin: DigitalTwin,
  change: BulkChange,
): { patch: JsonPatchOperation[] } | { refused: string } {
  if (change.kind === 'patch') return { patch: propertyPathPatch(change.patch) };
  const name = change.property.trim();
  const property = index.properties(twin.modelId).get(name);
  if (!property) return { refused: `its model ${twin.modelId} has no property "${name}"` };
  let value: unknown;
  try {
    value = coerceCell(change.value, property.schema);
  } catch (error) {
    return { refused: `"${name}": ${(error as Error).message}` };
  }
  const path = `/${name.replace(/~/g, '~0')}`;
  // `replace` needs the property to be there; `add` would do for both, but some services refuse it on one that is.
  const op = twin.contents && Object.hasOwn(twin.contents, name) ? 'replace' : 'add';
  return { patch: [{ op, path, value }] };
}

/** Same JSON value (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * Reads the twins (in batches of `batchSize` ids, one request each) and plans one PATCH per twin the change applies
 * to and keeps valid against its model. Throws (nothing read) when the change itself cannot be used.
 */
export async function planTwinPatches(
  ids: readonly string[],
  change: BulkChange,
  options: {
    client: Pick<BuildingTwinsApi, 'getTwinsByIds'>;
    index: ModelIndex;
    signal?: AbortSignal;
    batchSize?: number;
    /** Twins read just before (a filter's listing): not read again. */
    read?: readonly DigitalTwin[];
  },
): Promise<PatchPlan> {
  const problem = bulkChangeProblem(change);
  if (problem) throw new Error(`The change cannot be sent: ${problem}. Nothing was read or sent.`);
  const { client, index, signal } = options;
  const batchSize = options.batchSize ?? 100;
  const plan: PatchPlan = { patches: [], refused: [], unchanged: [], countsByModel: {} };
  const unique = [...new Set(ids)];
  const readable = unique.filter((id) => {
    const idProblem = twinIdProblem(id);
    if (idProblem) plan.refused.push({ twinId: id, reason: `the twin id ${idProblem}` });
    return !idProblem;
  });
  const isReadable = new Set(readable);
  const found = new Map<string, DigitalTwin>((options.read ?? []).map((t) => [t.id, t]));
  const toRead = readable.filter((id) => !found.has(id));
  for (let i = 0; i < toRead.length; i += batchSize) {
    const { twins } = await client.getTwinsByIds(toRead.slice(i, i + batchSize), {}, { signal });
    for (const twin of twins) found.set(twin.id, twin);
  }
  unique.forEach((id, i) => {
    if (!isReadable.has(id)) return;
    const twin = found.get(id);
    if (!twin) return plan.refused.push({ twinId: id, reason: 'no such twin on the service' });
    const ops = operationsFor(index, twin, change);
    if ('refused' in ops) return plan.refused.push({ twinId: id, reason: ops.refused });
    const checked = checkTwinPatch(index, twin, ops.patch);
    if (!checked.ok)
      return plan.refused.push({
        twinId: id,
        reason: checked.notApplied
          ? `the patch does not apply: ${checked.notApplied}`
          : `its model refuses the result: ${checked.problems
              .slice(0, MAX_REASONS)
              .map((p) => `${p.path || '/'}: ${p.message}`)
              .join(
                '; ',
              )}${checked.problems.length > MAX_REASONS ? ` (and ${checked.problems.length - MAX_REASONS} more)` : ''}`,
      });
    if (sameJson(checked.contents, twin.contents ?? {})) return plan.unchanged.push(id);
    plan.patches.push({ key: patchKey(id), twinId: id, modelId: twin.modelId, position: i + 1, patch: ops.patch });
    plan.countsByModel[twin.modelId] =
      (Object.hasOwn(plan.countsByModel, twin.modelId) ? plan.countsByModel[twin.modelId] : 0) + 1;
  });
  return plan;
}
