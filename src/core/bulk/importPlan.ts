import { twinIdProblem } from '../api/twinIds';
import type { BuildingTwinsApi, DigitalTwin, Relationship } from '../api/types';
import type { ModelIndex } from '../dtdl/modelIndex';
import { isObject } from '../dtdl/dtdlText';
import { validateProperties, validateTwin } from '../dtdl/twinValidation';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../untrusted/jsonDepth';
import { findPrototypeKey, prototypeKeyMessage } from '../untrusted/prototypeKeys';
import { coerceCell } from './csvValues';
import type { ImportIssue, ParsedImport, RelationshipItem, SourceLocation } from './importTypes';

/** Model ids of the given twins that exist on the service (absent ids: not there). */
export type TwinLookup = (ids: string[], signal?: AbortSignal) => Promise<Map<string, string>>;

export interface PlannedTwin extends SourceLocation {
  key: string;
  twin: DigitalTwin;
}
export interface PlannedRelationship extends SourceLocation {
  key: string;
  relationship: Relationship;
}

export interface ImportPlan {
  twins: PlannedTwin[];
  relationships: PlannedRelationship[];
  /** Parse and validation problems, by file and line. A plan with errors is not run. */
  errors: ImportIssue[];
  /** Twins left out only for values their model refuses (their errors are marked `model`). */
  refusedByModel: PlannedTwin[];
  twinCountsByModel: Record<string, number>;
  relationshipCountsByName: Record<string, number>;
}

const twinKey = (id: string): string => `twin:${id}`;

/** Stable identity of a relationship for resuming: source, name, target and sorted properties. */
export function relationshipKey(rel: Relationship): string {
  const props = isObject(rel.properties)
    ? Object.keys(rel.properties)
        .sort()
        .map((k) => [k, rel.properties![k]])
    : [];
  return `relationship:${JSON.stringify([rel.sourceId, rel.name, rel.targetId, props])}`;
}

/** A TwinLookup over `POST /twins/ids`, in batches. */
export function serviceTwinLookup(client: Pick<BuildingTwinsApi, 'getTwinsByIds'>, batchSize = 100): TwinLookup {
  return async (ids, signal) => {
    const found = new Map<string, string>();
    for (let i = 0; i < ids.length; i += batchSize) {
      const { twins } = await client.getTwinsByIds(ids.slice(i, i + batchSize), {}, { signal });
      for (const t of twins) found.set(t.id, t.modelId);
    }
    return found;
  };
}

/** The ids of the plan's twins that exist on the service already, in plan order (PUT would replace them). */
export async function existingTwinIds(
  plan: Pick<ImportPlan, 'twins'>,
  client: Pick<BuildingTwinsApi, 'getTwinsByIds'>,
): Promise<string[]> {
  const ids = plan.twins.map((t) => t.twin.id);
  if (!ids.length) return [];
  const found = new Set((await client.getTwinsByIds(ids)).twins.map((t) => t.id));
  return ids.filter((id) => found.has(id));
}

/** Why an item cannot be sent whatever its model says: too deep for the service, or a prototype key. */
function shapeProblem(item: unknown): { message: string; path?: string } | undefined {
  if (exceedsJsonDepth(item, MAX_JSON_DEPTH))
    return {
      message: `the item nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels (the service refuses deeper requests)`,
    };
  const pointer = findPrototypeKey(item);
  if (pointer !== undefined)
    return { message: prototypeKeyMessage(pointer.slice(pointer.lastIndexOf('/') + 1), pointer), path: pointer };
  return undefined;
}

/** Adds one to `counts[key]` (own keys only: a name such as "constructor" is a plain key here). */
function countUp(counts: Record<string, number>, key: string): void {
  counts[key] = (Object.hasOwn(counts, key) ? counts[key] : 0) + 1;
}

/**
 * Validates every parsed item before anything is sent: ids the service can take, shape (depth,
 * prototype keys), twins against their models, relationships against the source model's
 * relationships (name, target model, properties), references to twins that are neither in the files
 * nor on the service (via `lookupTwins`), and duplicates.
 */
export async function planImport(
  parsed: ParsedImport | ParsedImport[],
  options: { index: ModelIndex; lookupTwins?: TwinLookup; signal?: AbortSignal },
): Promise<ImportPlan> {
  const { index } = options;
  const inputs = Array.isArray(parsed) ? parsed : [parsed];
  const plan: ImportPlan = {
    twins: [],
    relationships: [],
    errors: inputs.flatMap((p) => p.errors),
    refusedByModel: [],
    twinCountsByModel: {},
    relationshipCountsByName: {},
  };
  const issue = (at: SourceLocation, message: string, path?: string, model?: true): void => {
    plan.errors.push({ file: at.file, line: at.line, message, ...(path ? { path } : {}), ...(model ? { model } : {}) });
  };
  const where = (at: SourceLocation): string => `${at.file ? `${at.file} ` : ''}line ${at.line}`;

  const fileTwins = new Map<string, PlannedTwin>();
  const relationshipItems: RelationshipItem[] = [];
  for (const item of inputs.flatMap((p) => p.items)) {
    if (item.kind === 'relationship') {
      relationshipItems.push(item);
      continue;
    }
    const { twin } = item;
    if (typeof twin.id !== 'string' || twin.id.trim() === '') {
      issue(item, 'the twin needs a non-empty id', '/id');
      continue;
    }
    const idProblem = twinIdProblem(twin.id);
    if (idProblem) {
      issue(item, `the twin id ${idProblem}`, '/id');
      continue;
    }
    const shape = shapeProblem(twin);
    if (shape) {
      issue(item, shape.message, shape.path);
      continue;
    }
    const earlier = fileTwins.get(twin.id);
    if (earlier) {
      issue(item, `twin ${twin.id} is already defined on ${where(earlier)}`, '/id');
      continue;
    }
    const problems = validateTwin(index, twin);
    // Each on the line of the value it is about, where the source can tell it.
    for (const p of problems)
      issue({ ...item, line: item.lineOf?.(p.path) ?? item.line }, `${p.path}: ${p.message}`, p.path, true);
    const planned = { key: twinKey(twin.id), file: item.file, line: item.line, twin };
    fileTwins.set(twin.id, planned);
    if (problems.length) {
      plan.refusedByModel.push(planned);
      continue;
    }
    plan.twins.push(planned);
    countUp(plan.twinCountsByModel, twin.modelId);
  }

  const missing = new Set<string>();
  for (const { relationship: r } of relationshipItems) {
    if (twinIdProblem(r.sourceId) || twinIdProblem(r.targetId)) continue; // reported below, never sent
    for (const id of [r.sourceId, r.targetId]) if (!fileTwins.has(id)) missing.add(id);
  }
  const onService =
    missing.size && options.lookupTwins
      ? await options.lookupTwins([...missing], options.signal)
      : new Map<string, string>();
  const modelOf = (id: string): string | undefined => fileTwins.get(id)?.twin.modelId ?? onService.get(id);

  const seen = new Map<string, SourceLocation>();
  for (const item of relationshipItems) {
    const rel = { ...item.relationship };
    const bad = (message: string, path?: string): void => issue(item, message, path);
    const fields = (['sourceId', 'name', 'targetId'] as const).filter(
      (f) => typeof rel[f] !== 'string' || rel[f].trim() === '',
    );
    if (fields.length) {
      bad(`the relationship needs a non-empty ${fields.join(', ')}`, `/${fields[0]}`);
      continue;
    }
    const idProblems = (['sourceId', 'targetId'] as const)
      .map((f) => [f, twinIdProblem(rel[f])] as const)
      .filter(([, p]) => p);
    for (const [f, p] of idProblems) bad(`${f}: ${p}`, `/${f}`);
    if (idProblems.length) continue;
    if (rel.properties !== undefined && !isObject(rel.properties)) {
      bad('properties must be a JSON object', '/properties');
      continue;
    }
    const sourceModel = modelOf(rel.sourceId);
    const targetModel = modelOf(rel.targetId);
    let ok = true;
    if (!sourceModel) {
      bad(`source twin ${rel.sourceId} exists neither in the file nor on the service`, '/sourceId');
      ok = false;
    }
    if (!targetModel) {
      bad(`target twin ${rel.targetId} exists neither in the file nor on the service`, '/targetId');
      ok = false;
    }
    if (!ok || !sourceModel || !targetModel) continue;
    if (!index.has(sourceModel)) {
      bad(`source twin ${rel.sourceId} has model ${sourceModel}, which is not known`, '/sourceId');
      continue;
    }
    const definition = index.relationship(sourceModel, rel.name);
    if (!definition) {
      const allowed =
        index
          .relationships(sourceModel)
          .map((r) => r.name)
          .join(', ') || 'none';
      bad(
        `${index.displayName(sourceModel)} (${sourceModel}) has no relationship named ${rel.name}; allowed: ${allowed}`,
        '/name',
      );
      continue;
    }
    if (definition.target && !index.isA(targetModel, definition.target)) {
      bad(
        `${rel.name} must target a ${index.displayName(definition.target)} (${definition.target}), but ${rel.targetId} is a ${targetModel}`,
        '/targetId',
      );
      continue;
    }
    if (item.csvProperties) {
      const props: Record<string, unknown> = {};
      let failed = false;
      for (const [name, text] of Object.entries(item.csvProperties)) {
        const schema = definition.properties.find((p) => p.name === name)?.schema;
        try {
          props[name] = coerceCell(text, schema);
        } catch (e) {
          bad(`column ${name}: ${(e as Error).message}`, name);
          failed = true;
        }
      }
      if (failed) continue;
      rel.properties = props;
    }
    const shape = shapeProblem(rel);
    if (shape) {
      bad(shape.message, shape.path);
      continue;
    }
    if (rel.properties) {
      const problems = validateProperties(
        definition.properties,
        rel.properties,
        '/properties',
        `relationship ${rel.name}`,
      );
      for (const p of problems) bad(`${p.path}: ${p.message}`, p.path);
      if (problems.length) continue;
    }
    const key = relationshipKey(rel);
    const earlier = seen.get(key);
    if (earlier) {
      bad(`the same relationship is already on ${where(earlier)}`);
      continue;
    }
    seen.set(key, item);
    delete rel.id;
    plan.relationships.push({ key, file: item.file, line: item.line, relationship: rel });
    countUp(plan.relationshipCountsByName, rel.name);
  }
  plan.errors.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line);
  return plan;
}

/**
 * The plan with the twins its models refused taken in, when those refusals are its only errors (the user chose to
 * send them anyway: the service checks them again); undefined otherwise.
 */
export function withTwinsRefusedByModel(plan: ImportPlan): ImportPlan | undefined {
  if (!plan.refusedByModel.length || !plan.errors.every((e) => e.model)) return undefined;
  const twinCountsByModel = { ...plan.twinCountsByModel };
  for (const { twin } of plan.refusedByModel) countUp(twinCountsByModel, twin.modelId);
  return { ...plan, twins: [...plan.twins, ...plan.refusedByModel], refusedByModel: [], errors: [], twinCountsByModel };
}
