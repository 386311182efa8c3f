import { compare } from 'fast-json-patch';
import { errorText } from '../../core/api/apiError';
import { inPathForm } from '../../core/api/twinPatchPaths';
import type { BuildingTwinsApi, DigitalTwin, JsonPatchOperation } from '../../core/api/types';
import { withoutKeys } from './jsonText';
import { confirmSaveOverChange, loadedResource, type LoadedResource, type ResourceCall, type ResourceHandler } from './resourceHandler';
import { permissionDeniedText } from '../../core/api/permissionDenied';

/** Key order of a twin document; everything else (contents included) alphabetically. */
const TWIN_KEY_ORDER = ['id', 'modelId', 'lastUpdateTime', 'contents'];
/** Kept off the document: relationships have documents of their own; the etag and twinData are the service's. */
const NOT_IN_DOCUMENT = ['incomingRelationships', 'outgoingRelationships', 'etag', 'twinData'];
/** Managed by the service: never part of a patch. */
const SERVER_FIELDS = ['lastUpdateTime', ...NOT_IN_DOCUMENT];
const CONTENTS_PREFIX = '/contents/';

function loadedTwin(twin: DigitalTwin): LoadedResource {
  return loadedResource(withoutKeys(twin, NOT_IN_DOCUMENT), TWIN_KEY_ORDER);
}

export function twinDocumentText(twin: DigitalTwin): string {
  return loadedTwin(twin).text;
}

/**
 * What a save changes, from what was loaded to what was edited (server-managed fields ignored): `ops`, the
 * JSON Patch of the twin's properties with paths as the service applies them (`contents.name` is `/name`),
 * and `putOnly`, the document paths outside `contents` that changed (a new `modelId`, …), which only a
 * full replace (PUT) can change.
 */
export function twinPatch(loaded: Record<string, unknown>, edited: Record<string, unknown>): { ops: JsonPatchOperation[]; putOnly: string[] } {
  const changes = compare(withoutKeys(loaded, SERVER_FIELDS), withoutKeys(edited, SERVER_FIELDS)) as JsonPatchOperation[];
  const putOnly = changes.filter((op) => !op.path.startsWith(CONTENTS_PREFIX) || (op.from !== undefined && !op.from.startsWith(CONTENTS_PREFIX))).map((op) => op.path);
  return { ops: putOnly.length ? [] : inPathForm(changes, 'root'), putOnly };
}

/** The twin as the service holds it after a save (a patch answers with no body, and the update time is new). */
async function readBack(client: BuildingTwinsApi, id: string): Promise<LoadedResource> {
  try {
    return loadedTwin(await client.getTwin(id));
  } catch (err) {
    throw new Error(`Twin ${id} was saved, but reading it back failed: ${errorText(err)}. Use "Revert File" to load it.`);
  }
}

export const twinDocumentHandler: ResourceHandler = {
  kind: 'twins',
  readonly: false,

  async read({ client, ref }) {
    return loadedTwin(await client.getTwin(ref.ids.join('/')));
  },

  async write(call: ResourceCall, edited: unknown, loaded: LoadedResource): Promise<LoadedResource> {
    const { ctx, client, ref } = call;
    const id = ref.ids.join('/');
    if (!edited || typeof edited !== 'object' || Array.isArray(edited)) throw new Error(`Twin ${id}: the document must be a JSON object. Nothing was sent.`);
    const twin = edited as Record<string, unknown>;
    if (twin.id !== id) throw new Error(`Twin ${id}: "id" cannot be changed (found ${JSON.stringify(twin.id)}). Nothing was sent.`);
    if (typeof twin.modelId !== 'string' || !twin.modelId) throw new Error(`Twin ${id}: "modelId" must be a non-empty string. Nothing was sent.`);
    if (twin.contents !== undefined && (typeof twin.contents !== 'object' || twin.contents === null || Array.isArray(twin.contents))) {
      throw new Error(`Twin ${id}: "contents" must be an object. Nothing was sent.`);
    }
    const base = loaded.value as Record<string, unknown>;
    const { ops, putOnly } = twinPatch(base, twin);
    if (ops.length === 0 && putOnly.length === 0) return loaded;

    const current = await client.getTwin(id);
    if ((current.lastUpdateTime ?? null) !== (base.lastUpdateTime ?? null)) {
      await confirmSaveOverChange(ctx, {
        subject: `Twin ${id}`,
        question: 'Save your version over it?',
        detail: `You opened the version of ${String(base.lastUpdateTime ?? 'unknown time')}; the service now has ${current.lastUpdateTime ?? 'unknown time'}.`,
        now: current.lastUpdateTime,
      });
    }

    try {
      if (putOnly.length) {
        const changed = putOnly.join(', ');
        const replace = await ctx.input.confirm(`A JSON Patch cannot change ${changed} of twin ${id}. Replace the whole twin instead (PUT)?`, {
          detail: 'The service replaces the twin with exactly this document.',
          confirmLabel: 'Replace twin',
        });
        if (!replace) throw new Error(`Not saved: changing ${changed} needs a full replace, which you declined. Your edits are still in the editor.`);
        const { lastUpdateTime: _t, ...body } = twin;
        return loadedTwin(await client.putTwin(body as DigitalTwin));
      }
      await client.patchTwin(id, ops);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Not saved:')) throw err;
      throw new Error(permissionDeniedText(err) ?? `The service refused twin ${id}: ${errorText(err)}`, { cause: err });
    }
    return readBack(client, id);
  },
};
