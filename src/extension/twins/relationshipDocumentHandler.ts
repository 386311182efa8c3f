import * as l10n from '@vscode/l10n';
import { stableJson } from '../documents/jsonText';
import type { ResourceHandler } from '../documents/resourceHandler';

const RELATIONSHIP_KEY_ORDER = ['id', 'name', 'sourceId', 'targetId', 'properties'];

/**
 * Relationships open as JSON, read-only: `buildingtwins:/<connection>/relationships/<sourceTwinId>/<relationshipId>.json`.
 * Not editable because the service derives the id from name, ends and properties and has no delete:
 * "editing" would create a second relationship and leave the old one.
 */
export const relationshipDocumentHandler: ResourceHandler = {
  kind: 'relationships',
  readonly: true,
  async read({ client, ref }) {
    if (ref.ids.length !== 2)
      throw new Error(l10n.t('A relationship URI needs <sourceTwinId>/<relationshipId>, got {0}', ref.ids.join('/')));
    const value = await client.getRelationship(ref.ids[0], ref.ids[1]);
    return { value, text: stableJson(value, RELATIONSHIP_KEY_ORDER) };
  },
};
