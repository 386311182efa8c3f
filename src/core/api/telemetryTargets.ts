// Before sending telemetry: do the twins it names exist, and are they Capability twins?
// Twins named by id are fetched with one POST /twins/ids. Twins named by external id are found with
// one POST /twins query (all pages) whose property filter ORs `externalID = …` over the ids. The
// model hierarchy comes from one GET /models (with definitions) unless the caller passes a ModelIndex.

import { ModelIndex } from '../dtdl/modelIndex';
import { isObject } from '../dtdl/dtdlText';
import type { BuildingTwinsApi, CallOptions, DigitalTwin, GetTwinsRequest, TimeSeriesEntry } from './types';

/** The contents key that holds a twin's external id. */
export const EXTERNAL_ID_PROPERTY = 'externalID';
/** External ids per POST /twins query (one OR group each). */
const EXTERNAL_IDS_PER_QUERY = 500;

export interface TelemetryTargetProblem {
  /** Indexes of the entries naming this twin. */
  indexes: number[];
  twinId?: string;
  externalId?: string;
  problem: 'missing' | 'not-capability';
  modelId?: string;
  message: string;
}

export interface TelemetryTargetReport {
  ok: boolean;
  problems: TelemetryTargetProblem[];
  /** The twins found, by the reference entries use (twin id, or `externalId:` + external id). */
  twins: Map<string, DigitalTwin>;
}

function twinReference(entry: Pick<TimeSeriesEntry, 'dtId' | 'twinId' | 'externalId'>): {
  twinId?: string;
  externalId?: string;
} {
  const twinId = entry.dtId || entry.twinId;
  if (twinId) return { twinId };
  return entry.externalId ? { externalId: entry.externalId } : {};
}

export async function checkTelemetryTargets(
  api: BuildingTwinsApi,
  entries: TimeSeriesEntry[],
  options: CallOptions & { models?: ModelIndex } = {},
): Promise<TelemetryTargetReport> {
  const byTwinId = new Map<string, number[]>();
  const byExternalId = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const ref = twinReference(entry);
    if (ref.twinId) push(byTwinId, ref.twinId, index);
    else if (ref.externalId) push(byExternalId, ref.externalId, index);
  });
  const o: CallOptions = { signal: options.signal, timeoutMs: options.timeoutMs };
  const twins = new Map<string, DigitalTwin>();
  if (byTwinId.size) {
    for (const twin of (await api.getTwinsByIds([...byTwinId.keys()], {}, o)).twins) twins.set(twin.id, twin);
  }
  const externalIds = [...byExternalId.keys()];
  for (let i = 0; i < externalIds.length; i += EXTERNAL_IDS_PER_QUERY) {
    const chunk = externalIds.slice(i, i + EXTERNAL_IDS_PER_QUERY);
    const query: GetTwinsRequest = {
      pageSize: 1000,
      propertyFilter: {
        filterConditionOperator: 'Or',
        filters: chunk.map((value) => ({ field: EXTERNAL_ID_PROPERTY, operator: '=', value })),
      },
    };
    for await (const twin of api.iterateTwins(query, o)) {
      const ext = isObject(twin.contents) ? twin.contents[EXTERNAL_ID_PROPERTY] : undefined;
      if (typeof ext === 'string' && byExternalId.has(ext)) twins.set(`externalId:${ext}`, twin);
    }
  }
  const models = twins.size
    ? (options.models ?? ModelIndex.fromServiceModels(await api.listModels({ includeModelDefinitions: true }, o)))
    : undefined;
  const problems: TelemetryTargetProblem[] = [];
  const judge = (key: string, indexes: number[], ref: { twinId?: string; externalId?: string }): void => {
    const label = ref.twinId ? `twin "${ref.twinId}"` : `external id "${ref.externalId}"`;
    const twin = twins.get(key);
    if (!twin) {
      problems.push({ indexes, ...ref, problem: 'missing', message: `${label} does not exist` });
    } else if (!models?.isCapability(twin.modelId)) {
      problems.push({
        indexes,
        ...ref,
        problem: 'not-capability',
        modelId: twin.modelId,
        message: `${label} is a ${twin.modelId}, not a Capability twin`,
      });
    }
  };
  for (const [twinId, indexes] of byTwinId) judge(twinId, indexes, { twinId });
  for (const [externalId, indexes] of byExternalId) judge(`externalId:${externalId}`, indexes, { externalId });
  return { ok: problems.length === 0, problems, twins };
}

function push(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}
