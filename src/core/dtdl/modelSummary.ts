// What the model graph says of the selected model: what it extends (closest first, to the top), the relationships
// and components it has with those it inherits (each naming the model that declares it), and how many models
// extend it. Pure.
import { pickText } from './dtdlText';
import type { ModelRef, ModelSummary } from './modelGraphTypes';
import type { ModelIndex } from './modelIndex';

export function modelRef(index: ModelIndex, id: string): ModelRef {
  return { id, label: index.displayName(id), missing: !index.has(id) };
}

/** The summary of `id`, or undefined when the set has no such model. */
export function modelSummary(index: ModelIndex, id: string): ModelSummary | undefined {
  const model = index.get(id);
  if (!model) return undefined;
  return {
    model: modelRef(index, id),
    description: pickText(model.description) ?? '',
    ancestors: index.ancestors(id).map((a) => modelRef(index, a)),
    relationships: index.relationships(id).map((r) => ({
      name: r.name,
      target: r.target ? modelRef(index, r.target) : undefined,
      definedIn: modelRef(index, r.definedIn),
    })),
    components: [...index.components(id).values()].map((c) => ({
      name: c.name,
      target: modelRef(index, c.schema),
      definedIn: modelRef(index, c.definedIn),
    })),
    childCount: index.children(id).length,
  };
}
