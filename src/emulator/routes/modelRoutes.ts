import type { Model } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { badRequest, notFound } from '../httpErrors';
import { queryBoolean, queryValue } from '../requestFields';
import type { Router } from '../router';

/** DTMI syntax of DTDL v3 (segments, optional version). */
const DTMI = /^dtmi:(?:_+[A-Za-z0-9]|[A-Za-z])(?:[A-Za-z0-9_]*[A-Za-z0-9])?(?::(?:_+[A-Za-z0-9]|[A-Za-z])(?:[A-Za-z0-9_]*[A-Za-z0-9])?)*(?:;[1-9][0-9]{0,8}(?:\.[1-9][0-9]{0,5})?)?$/;

export function isDtmi(id: string): boolean {
  return id.length <= 2048 && DTMI.test(id);
}

/**
 * GET /models (`rootModel`: that model and all its descendants; `includeModelDefinitions`) and
 * GET /models/{id} (always with the definition, as a JSON string).
 */
export function registerModelRoutes(router: Router, models: ModelIndex, uploadTime: string): void {
  const wire = (id: string, withDefinition: boolean): Model => ({ ...models.toServiceModel(id, withDefinition)!, uploadTime });

  router.add('GET', '/models', (ctx) => {
    const withDefinitions = queryBoolean(ctx.query, 'includeModelDefinitions') ?? false;
    const root = queryValue(ctx.query, 'rootModel');
    let ids: string[];
    if (root) {
      if (!isDtmi(root)) throw badRequest(`'rootModel' is not a valid model id (DTMI): '${root}'.`, 'rootModel');
      if (!models.has(root)) throw notFound(`Model '${root}' does not exist.`);
      ids = [root, ...models.descendants(root)];
    } else {
      ids = models.ids();
    }
    return { body: ids.sort().map((id) => wire(id, withDefinitions)) };
  });

  router.add('GET', '/models/:id', (ctx) => {
    const id = ctx.params.id.trim();
    if (!id) throw badRequest('The model id is empty.', 'id');
    if (!isDtmi(id)) throw badRequest(`'${ctx.params.id}' is not a valid model id (DTMI).`, 'id');
    if (!models.has(id)) throw notFound(`Model '${id}' does not exist.`);
    return { body: wire(id, true) };
  });
}
