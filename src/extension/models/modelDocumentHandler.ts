import { stableJson } from '../documents/jsonText';
import type { ResourceHandler } from '../documents/resourceHandler';

const DTDL_KEY_ORDER = ['@context', '@id', '@type', 'displayName', 'description', 'extends', 'contents'];

/** Models open read-only as their DTDL definition, pretty-printed (the service's metadata when it sends none). */
export const modelDocumentHandler: ResourceHandler = {
  kind: 'models',
  readonly: true,
  async read({ client, ref }) {
    const model = await client.getModel(ref.ids.join('/'));
    let value: unknown = model;
    if (typeof model.modelDefinition === 'string' && model.modelDefinition) {
      try {
        value = JSON.parse(model.modelDefinition) as unknown;
      } catch {
        value = model;
      }
    }
    const text = stableJson(value, DTDL_KEY_ORDER);
    return { value, text };
  },
};
