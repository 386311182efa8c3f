// A relationship written with PUT /twins/relationships, told apart from an idempotent repeat of one already there.
import type { BuildingTwinsApi, Relationship } from '../api/types';

export interface UpsertedRelationship {
  relationship: Relationship;
  /** The same relationship (same derived id) was already among the source's outgoing relationships. */
  existed: boolean;
}

/**
 * PUT /twins/relationships, telling a new relationship from an idempotent repeat: the service derives the
 * id from source, name, properties and target, so the source's outgoing relationships of that name fetched
 * before show whether it was there.
 */
export async function upsertRelationship(
  client: Pick<BuildingTwinsApi, 'listOutgoingRelationships' | 'putRelationship'>,
  rel: Relationship,
  signal?: AbortSignal,
): Promise<UpsertedRelationship> {
  const before = await client.listOutgoingRelationships(rel.sourceId, { relationshipName: rel.name });
  const { id: _ignored, ...body } = rel;
  const relationship = await (signal ? client.putRelationship(body, { signal }) : client.putRelationship(body));
  return { relationship, existed: before.some((r) => r.id === relationship.id) };
}
