import * as l10n from '@vscode/l10n';
import { compare } from 'fast-json-patch';
import { errorText } from '../../core/api/apiError';
import { inPathForm } from '../../core/api/twinPatchPaths';
import type { BuildingTwinsApi, DigitalTwin, JsonPatchOperation } from '../../core/api/types';
import { withoutKeys } from '../documents/jsonText';
import {
  loadedResource,
  type LoadedResource,
  type ResourceCall,
  type ResourceHandler,
} from '../documents/resourceHandler';
import { WriteNotSentError } from '../shell/writeNotSent';
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
export function twinPatch(
  loaded: Record<string, unknown>,
  edited: Record<string, unknown>,
): { ops: JsonPatchOperation[]; putOnly: string[] } {
  const changes = compare(
    withoutKeys(loaded, SERVER_FIELDS),
    withoutKeys(edited, SERVER_FIELDS),
  ) as JsonPatchOperation[];
  const putOnly = changes
    .filter(
      (op) => !op.path.startsWith(CONTENTS_PREFIX) || (op.from !== undefined && !op.from.startsWith(CONTENTS_PREFIX)),
    )
    .map((op) => op.path);
  return { ops: putOnly.length ? [] : inPathForm(changes, 'root'), putOnly };
}

/** A save the user declined: it propagates as it is (the editor stays dirty). */
class NotSavedError extends Error {}

/** The twin as the service holds it after a save (a patch answers with no body, and the update time is new). */
async function readBack(client: BuildingTwinsApi, id: string): Promise<LoadedResource> {
  try {
    return loadedTwin(await client.getTwin(id));
  } catch (err) {
    throw new Error(
      l10n.t('Twin {0} was saved, but reading it back failed: {1}. Use "Revert File" to load it.', id, errorText(err)),
    );
  }
}

export const twinDocumentHandler: ResourceHandler = {
  kind: 'twins',
  readonly: false,

  async read({ client, ref }) {
    return loadedTwin(await client.getTwin(ref.ids.join('/')));
  },

  async write(call: ResourceCall, edited: unknown, loaded: LoadedResource): Promise<LoadedResource> {
    const { services, client, ref } = call;
    const id = ref.ids.join('/');
    if (!edited || typeof edited !== 'object' || Array.isArray(edited))
      throw new Error(l10n.t('Twin {0}: the document must be a JSON object. Nothing was sent.', id));
    const twin = edited as Record<string, unknown>;
    if (twin.id !== id)
      throw new Error(
        l10n.t('Twin {0}: "id" cannot be changed (found {1}). Nothing was sent.', id, String(JSON.stringify(twin.id))),
      );
    if (typeof twin.modelId !== 'string' || !twin.modelId)
      throw new Error(l10n.t('Twin {0}: "modelId" must be a non-empty string. Nothing was sent.', id));
    if (
      twin.contents !== undefined &&
      (typeof twin.contents !== 'object' || twin.contents === null || Array.isArray(twin.contents))
    ) {
      throw new Error(l10n.t('Twin {0}: "contents" must be an object. Nothing was sent.', id));
    }
    const base = loaded.value as Record<string, unknown>;
    const { ops, putOnly } = twinPatch(base, twin);
    if (ops.length === 0 && putOnly.length === 0) return loaded;

    const current = await client.getTwin(id);
    if ((current.lastUpdateTime ?? null) !== (base.lastUpdateTime ?? null)) {
      const unknownTime = l10n.t('unknown time');
      const choice = await services.writes.onServiceChange(ref, {
        subject: l10n.t('Twin {0}', id),
        detail: l10n.t(
          'You opened the version of {0}; the service now has {1}.',
          String(base.lastUpdateTime ?? unknownTime),
          current.lastUpdateTime ?? unknownTime,
        ),
        now: current.lastUpdateTime,
        serviceText: loadedTwin(current).text,
      });
      if (choice === 'revert') return { ...loadedTwin(current), reverted: true };
    }

    try {
      if (putOnly.length) {
        const changed = putOnly.join(', ');
        const replace = await services.input.confirm(
          l10n.t('A JSON Patch cannot change {0} of twin {1}. Replace the whole twin instead (PUT)?', changed, id),
          {
            detail: l10n.t('The service replaces the twin with exactly this document.'),
            confirmLabel: l10n.t('Replace twin'),
          },
        );
        if (!replace)
          throw new NotSavedError(
            l10n.t(
              'Not saved: changing {0} needs a full replace, which you declined. Your edits are still in the editor.',
              changed,
            ),
          );
        const { lastUpdateTime: _t, ...body } = twin;
        await services.writes.beforeSend(
          ref,
          { subject: l10n.t('twin {0}', id), method: 'PUT', path: `/twins`, body },
          loaded.text,
        );
        return loadedTwin(await client.putTwin(body as DigitalTwin));
      }
      await services.writes.beforeSend(
        ref,
        { subject: l10n.t('twin {0}', id), method: 'PATCH', path: `/twins/${encodeURIComponent(id)}`, patch: ops },
        loaded.text,
      );
      await client.patchTwin(id, ops);
    } catch (err) {
      if (err instanceof NotSavedError || err instanceof WriteNotSentError) throw err;
      throw new Error(permissionDeniedText(err) ?? l10n.t('The service refused twin {0}: {1}', id, errorText(err)), {
        cause: err,
      });
    }
    return readBack(client, id);
  },
};
