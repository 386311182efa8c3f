// What a JSON Patch would make of one twin, checked before anything is sent: the patch applied to a copy of the
// twin's properties, and the result checked against its DTDL model. The agent tool patch_twin and the bulk patch
// both ask this.
import { applyPatch, type Operation } from 'fast-json-patch';
import type { DigitalTwin, JsonPatchOperation } from '../api/types';
import type { ModelIndex } from '../dtdl/modelIndex';
import { validateTwin, type TwinValidationError } from '../dtdl/twinValidation';

/** `/contents/name` and `/name` both address the property `name` (as the client accepts both). */
function propertyPath(path: string): string {
  return path.startsWith('/contents/') ? path.slice('/contents'.length) : path;
}

/** The patch with its paths starting at the twin's properties (`/name`), the form the service applies. */
export function propertyPathPatch(patch: readonly JsonPatchOperation[]): JsonPatchOperation[] {
  return patch.map((op) => ({
    ...op,
    path: propertyPath(op.path),
    ...(op.from !== undefined ? { from: propertyPath(op.from) } : {}),
  }));
}

export type TwinPatchCheck =
  | { ok: true; contents: Record<string, unknown> }
  /** `notApplied`: the patch does not apply (a path that is not there, a failed test); else the model's problems. */
  | { ok: false; notApplied?: string; problems: TwinValidationError[] };

/** The twin's properties after `patch` (in property-path form), checked against the twin's model. */
export function checkTwinPatch(
  index: ModelIndex,
  twin: DigitalTwin,
  patch: readonly JsonPatchOperation[],
): TwinPatchCheck {
  let contents: Record<string, unknown>;
  try {
    contents = applyPatch(structuredClone(twin.contents ?? {}), patch as Operation[], true, false).newDocument;
  } catch (error) {
    return { ok: false, notApplied: (error as Error).message.split('\n')[0], problems: [] };
  }
  const problems = validateTwin(index, { id: twin.id, modelId: twin.modelId, contents });
  return problems.length ? { ok: false, problems } : { ok: true, contents };
}
