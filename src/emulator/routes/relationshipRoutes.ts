import type { Relationship } from '../../core/api/types';
import { validateProperties } from '../../core/dtdl/twinValidation';
import { badRequest, conflict, notFound } from '../httpErrors';
import { adtRefusal } from '../twins/adtRefusal';
import { field, isObject, queryValue, reqString, requireObject } from '../requestFields';
import type { Router } from '../router';
import type { TwinGraph } from '../twins/twinGraph';
import { deriveRelationshipId } from '../twins/relationshipId';

export function registerRelationshipRoutes(router: Router, graph: TwinGraph): void {
  router.add('PUT', '/twins/relationships', (ctx) => ({ body: putRelationship(graph, ctx.body) }));

  // `relationshipName` keeps one name (exact match), as the service's backend does.
  router.add('GET', '/twins/:twinId/relationships/outgoing', (ctx) => {
    requireTwin(graph, ctx.params.twinId);
    const name = queryValue(ctx.query, 'relationshipName');
    const outgoing = graph.outgoing(ctx.params.twinId);
    return { body: name ? outgoing.filter((r) => r.name === name) : outgoing };
  });

  router.add('GET', '/twins/:twinId/relationships/incoming', (ctx) => {
    requireTwin(graph, ctx.params.twinId);
    return { body: graph.incoming(ctx.params.twinId) };
  });

  router.add('GET', '/twins/:twinId/relationships/:relationshipId', (ctx) => {
    const { twinId, relationshipId } = ctx.params;
    requireTwin(graph, twinId);
    const rel = graph.relationships.get(relationshipId);
    if (!rel || (rel.sourceId !== twinId && rel.targetId !== twinId))
      throw notFound(`Twin '${twinId}' has no relationship '${relationshipId}'.`);
    return { body: rel };
  });
}

function requireTwin(graph: TwinGraph, id: string): void {
  if (!graph.getTwin(id)) throw notFound(`Twin '${id}' does not exist.`);
}

/**
 * Creates or replaces a relationship. A body without source, target or name is the backend's own 400; the rest
 * is Azure Digital Twins' to refuse, passed through with its status (adtRefusal.ts): both twins must exist (404),
 * the name must be a relationship of the source twin's model (or an ancestor), the target must fit its declared
 * target model, and properties must match the relationship's declared properties (400 ValidationFailed).
 */
function putRelationship(graph: TwinGraph, body: unknown): Relationship {
  const req = requireObject(body);
  const sourceId = reqString(req, ['sourceId', '$sourceId'], 'sourceId');
  const targetId = reqString(req, ['targetId', '$targetId'], 'targetId');
  const name = reqString(req, ['name', 'relationshipName', '$relationshipName'], 'name');
  const rawProps = field(req, 'properties');
  if (rawProps !== undefined && rawProps !== null && !isObject(rawProps))
    throw badRequest("'properties' must be an object.", 'properties');
  const properties = (rawProps ?? {}) as Record<string, unknown>;

  const source = graph.getTwin(sourceId);
  const target = graph.getTwin(targetId);
  if (!source) throw adtRefusal('DigitalTwinNotFound', missingTwin(sourceId, 'source'));
  if (!target) throw adtRefusal('DigitalTwinNotFound', missingTwin(targetId, 'target'));

  const declared = graph.models.relationship(source.modelId, name);
  if (!declared)
    throw adtRefusal(
      'ValidationFailed',
      `Model ${source.modelId} of source twin '${sourceId}' declares no relationship '${name}'.`,
    );
  if (declared.target && !graph.models.isA(target.modelId, declared.target)) {
    throw adtRefusal(
      'ValidationFailed',
      `Relationship '${name}' must target a ${declared.target} twin; '${targetId}' is a ${target.modelId}.`,
    );
  }
  const problems = validateProperties(declared.properties, properties, '/properties', `relationship ${name}`);
  if (problems.length)
    throw adtRefusal('ValidationFailed', problems.map((p) => `${p.property ?? p.path}: ${p.message}`).join('; '));

  const rel: Relationship & { id: string } = {
    id: '',
    sourceId,
    targetId,
    name,
    ...(Object.keys(properties).length ? { properties } : {}),
  };
  rel.id = deriveRelationshipId(rel);
  const existing = graph.relationships.get(rel.id);
  if (existing) {
    if (sameRelationship(existing, rel)) return existing;
    throw conflict(
      `Relationship id '${rel.id}' is already used by a relationship with different twins, name or properties.`,
    );
  }
  return graph.putRelationship(rel);
}

/** Azure Digital Twins' words for a twin that does not exist. */
function missingTwin(id: string, role: 'source' | 'target'): string {
  return `There is no digital twin instance that exists with the ID ${id} (the relationship's ${role}). Please verify that the twin id is valid and ensure that the twin is not deleted.`;
}

function sameRelationship(a: Relationship, b: Relationship): boolean {
  return (
    a.sourceId === b.sourceId &&
    a.targetId === b.targetId &&
    a.name === b.name &&
    JSON.stringify(sortKeys(a.properties ?? {})) === JSON.stringify(sortKeys(b.properties ?? {}))
  );
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}
