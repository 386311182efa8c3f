// What a new relationship must satisfy before it is sent, as the source twin's model says: the target of the model
// the relationship names (or a model extending it), and property values of the declared types. Used by the
// "Create relationship" command and by the agent tools; each problem is one message ending "Nothing was sent."
import * as l10n from '@vscode/l10n';
import type { RelationshipInfo } from './dtdlTypes';
import type { ModelIndex } from './modelIndex';
import { validateProperties } from './twinValidation';

/** Why `target` cannot be the target of `definition`, or undefined when it can. */
export function relationshipTargetProblem(
  index: ModelIndex,
  definition: RelationshipInfo,
  target: { id: string; modelId: string },
): string | undefined {
  if (!definition.target || index.isA(target.modelId, definition.target)) return undefined;
  return l10n.t(
    '{0} must target a {1}, but {2} is a {3}. Nothing was sent.',
    definition.name,
    index.displayName(definition.target),
    target.id,
    target.modelId,
  );
}

/** Why `properties` do not fit the relationship's declared properties, or undefined when they do. */
export function relationshipPropertiesProblem(
  definition: RelationshipInfo,
  properties: Record<string, unknown>,
): string | undefined {
  const problems = validateProperties(
    definition.properties,
    properties,
    '/properties',
    `relationship ${definition.name}`,
  );
  if (!problems.length) return undefined;
  return l10n.t(
    'Relationship {0}: {1}. Nothing was sent.',
    definition.name,
    problems.map((p) => `${p.path}: ${p.message}`).join('; '),
  );
}
