import type { Model } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { badRequest, notFound } from '../httpErrors';
import { queryBoolean, queryValue } from '../requestFields';
import type { Router } from '../router';
import { isDtmi } from '../../core/dtdl/twinIdFields';

export { isDtmi };

/**
 * GET /models (`rootModel`: that model and all its descendants, none for an unknown root; `includeModelDefinitions`) and
 * GET /models/{id} (the definition, as a JSON string, only with `includeModelDefinitions=true`, as in the service).
 * `modelsNow` gives the models in use (they change when the emulator reloads its models folders).
 */
export function registerModelRoutes(router: Router, modelsNow: () => ModelIndex, uploadTime: string): void {
  const wire = (id: string, withDefinition: boolean): Model => ({
    ...modelsNow().toServiceModel(id, withDefinition)!,
    uploadTime,
  });

  router.add('GET', '/models', (ctx) => {
    const withDefinitions = queryBoolean(ctx.query, 'includeModelDefinitions') ?? false;
    const root = queryValue(ctx.query, 'rootModel');
    const models = modelsNow();
    // Like the service: an unknown root (a non-DTMI included, it is not checked) has no models: 200 [].
    const ids = !root ? models.ids() : models.has(root) ? [root, ...models.descendants(root)] : [];
    return { body: ids.sort().map((id) => wire(id, withDefinitions)) };
  });

  router.add('GET', '/models/:id', (ctx) => {
    const id = ctx.params.id.trim();
    if (!id) throw badRequest('The model id is empty.', 'id');
    if (!isDtmi(id)) throw badRequest(`'${ctx.params.id}' is not a valid model id (DTMI).`, 'id');
    if (!modelsNow().has(id)) throw notFound(`Model '${id}' does not exist.`);
    return { body: wire(id, queryBoolean(ctx.query, 'includeModelDefinitions') ?? false) };
  });
}
