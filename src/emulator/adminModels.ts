// The emulator's admin actions on its models and twins (emulator only; the service has no such operations):
// reload the models folders, delete a twin with its relationships, delete one relationship.
import type { ModelReload, TwinDeletion, UnfitTwin } from '../core/api/emulatorAdmin';
import type { ModelIndex } from '../core/dtdl/modelIndex';
import { validateTwin } from '../core/dtdl/twinValidation';
import { HttpError } from './httpErrors';
import { ModelFolderError } from './models/modelLoader';
import type { TwinGraph } from './twins/twinGraph';

/** Twins shown per reload answer before the rest are only counted (`unfitTwinCount`). */
const UNFIT_LISTED = 1000;

/**
 * Reads the models folders again: with problems, the models loaded before stay and the problems come back;
 * else the new models replace them. Either way every twin that does not fit the models now in use is listed
 * (the store keeps it as it is: nothing is dropped or changed).
 */
export async function reloadModels(graph: TwinGraph, load: () => Promise<ModelIndex>): Promise<ModelReload> {
  let problems: ModelFolderError['problems'] | undefined;
  try {
    graph.models = await load();
  } catch (error) {
    if (!(error instanceof ModelFolderError)) throw new HttpError(500, (error as Error).message);
    problems = error.problems;
  }
  const unfit = unfitTwins(graph);
  const common = { models: graph.models.size, unfitTwins: unfit.slice(0, UNFIT_LISTED), unfitTwinCount: unfit.length };
  return problems ? { status: 'refused', problems, ...common } : { status: 'loaded', ...common };
}

export function unfitTwins(graph: TwinGraph): UnfitTwin[] {
  const out: UnfitTwin[] = [];
  for (const id of graph.sortedIds()) {
    const twin = graph.getTwin(id);
    if (!twin) continue;
    const problems = validateTwin(graph.models, twin, { idFields: false });
    if (problems.length)
      out.push({
        twinId: id,
        modelId: twin.modelId,
        problems: problems.map((p) => `${p.property ?? p.path}: ${p.message}`),
      });
  }
  return out;
}

/** `DELETE /_emulator/twins/{id}`: the twin and every relationship from or to it. */
export function deleteTwin(graph: TwinGraph, id: string): TwinDeletion {
  if (!graph.getTwin(id)) throw new HttpError(404, `Twin '${id}' does not exist.`);
  return { deletedTwin: id, deletedRelationships: graph.deleteTwin(id) };
}

/** `DELETE /_emulator/relationships/{id}`. */
export function deleteRelationship(graph: TwinGraph, id: string): { deletedRelationship: string } {
  if (!graph.deleteRelationship(id)) throw new HttpError(404, `Relationship '${id}' does not exist.`);
  return { deletedRelationship: id };
}
