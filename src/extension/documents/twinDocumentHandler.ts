import { compare } from 'fast-json-patch';
import { errorText } from '../../core/api/apiError';
import type { DigitalTwin, JsonPatchOperation } from '../../core/api/types';
import { withoutKeys } from './jsonText';
import { confirmSaveOverChange, loadedResource, type LoadedResource, type ResourceCall, type ResourceHandler } from './resourceHandler';

/** Key order of a twin document; everything else (contents included) alphabetically. */
const TWIN_KEY_ORDER = ['id', 'modelId', 'lastUpdateTime', 'contents'];
const RELATIONSHIP_FIELDS = ['incomingRelationships', 'outgoingRelationships'];
/** Managed by the service: never part of a patch. */
const SERVER_FIELDS = ['lastUpdateTime', ...RELATIONSHIP_FIELDS];

function loadedTwin(twin: DigitalTwin): LoadedResource {
  return loadedResource(withoutKeys(twin, RELATIONSHIP_FIELDS), TWIN_KEY_ORDER);
}

export function twinDocumentText(twin: DigitalTwin): string {
  return loadedTwin(twin).text;
}

/**
 * The JSON Patch from what was loaded to what was edited (server-managed fields ignored), and whether the
 * service's PATCH can express it (it only changes `contents`; a new `modelId` or other top-level field needs PUT).
 */
export function twinPatch(loaded: Record<string, unknown>, edited: Record<string, unknown>): { ops: JsonPatchOperation[]; needsPut: boolean } {
  const ops = compare(withoutKeys(loaded, SERVER_FIELDS), withoutKeys(edited, SERVER_FIELDS)) as JsonPatchOperation[];
  return { ops, needsPut: ops.some((op) => !op.path.startsWith('/contents/')) };
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
    const { ops, needsPut } = twinPatch(base, twin);
    if (ops.length === 0) return loaded;

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
      if (needsPut) {
        const changed = ops.filter((op) => !op.path.startsWith('/contents/')).map((op) => op.path).join(', ');
        const replace = await ctx.input.confirm(`A JSON Patch cannot change ${changed} of twin ${id}. Replace the whole twin instead (PUT)?`, {
          detail: 'The service replaces the twin with exactly this document.',
          confirmLabel: 'Replace twin',
        });
        if (!replace) throw new Error(`Not saved: changing ${changed} needs a full replace, which you declined. Your edits are still in the editor.`);
        const { lastUpdateTime: _t, ...body } = twin;
        return loadedTwin(await client.putTwin(body as DigitalTwin));
      }
      return loadedTwin(await client.patchTwin(id, ops));
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Not saved:')) throw err;
      throw new Error(`The service refused twin ${id}: ${errorText(err)}`);
    }
  },
};
