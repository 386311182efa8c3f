// The annotation and overriding extensions across an interface's contents, inherited ones included: what a
// ValueAnnotation may annotate, and what an Override may override (a supplemental property such as a semantic
// type's unit, once per annotated element, with the unit enumeration of that semantic type as its schema).
import * as l10n from '@vscode/l10n';
import type { Element } from './elements';
import { unitTypesOf } from './extensions';
import type { ProblemSink } from './problems';

const ANNOTATABLE = new Set(['Property', 'Telemetry']);

/** `contents`: an interface's contents and those it inherits. */
export function checkAnnotations(contents: readonly Element[], sink: ProblemSink): void {
  const annotations = contents.filter((c) => c.cotypes.includes('ValueAnnotation'));
  if (annotations.length === 0) return;
  const byName = new Map<string, Element>();
  for (const c of contents) if (typeof c.node.name === 'string') byName.set(c.node.name, c);
  const overridden = new Map<string, Element>();
  for (const a of annotations) {
    const name = a.node.annotates;
    const target = typeof name === 'string' ? byName.get(name) : undefined;
    if (!target || typeof name !== 'string') continue;
    const at = [...a.path, 'annotates'];
    if (!ANNOTATABLE.has(target.cls)) {
      sink.add(
        'notSiblingRequiredType',
        l10n.t(
          '"{0}" annotates "{1}", a {2}; only a Property or a Telemetry may be annotated.',
          label(a),
          name,
          target.cls,
        ),
        a.file,
        at,
      );
      continue;
    }
    if (target.cotypes.includes('ValueAnnotation')) {
      sink.add(
        'disallowedType',
        l10n.t('"{0}" annotates "{1}", which is itself an annotation.', label(a), name),
        a.file,
        at,
      );
      continue;
    }
    if (a.cotypes.includes('Override')) checkOverride(a, target, overridden, sink);
  }
}

function checkOverride(a: Element, target: Element, overridden: Map<string, Element>, sink: ProblemSink): void {
  const property = a.node.overrides;
  if (typeof property !== 'string') return;
  const at = [...a.path, 'overrides'];
  if (property !== 'unit') {
    sink.add(
      'matchingPropertyNotSupplemental',
      l10n.t(
        '"{0}" overrides "{1}" of "{2}"; only a property a co-type adds (such as "unit") may be overridden.',
        label(a),
        property,
        label(target),
      ),
      a.file,
      at,
    );
    return;
  }
  const unitTypes = target.cotypes.map(unitTypesOf).find((u) => u !== undefined);
  if (!unitTypes) {
    sink.add(
      'noMatchingSupplementalProperty',
      l10n.t('"{0}" overrides the unit of "{1}", which has no semantic type and so no unit.', label(a), label(target)),
      a.file,
      at,
    );
    return;
  }
  const key = `${target.id}\u0000${property}`;
  const earlier = overridden.get(key);
  if (earlier && earlier !== a)
    sink.add(
      'multipleReference',
      l10n.t('"{0}" and "{1}" both override the unit of "{2}".', label(earlier), label(a), label(target)),
      a.file,
      at,
    );
  else overridden.set(key, a);
  if (typeof a.node.schema === 'string' && !unitTypes.includes(a.node.schema))
    sink.add(
      'siblingPropertyMismatch',
      l10n.t(
        '"{0}" overrides the unit of "{1}", so its schema must be "{2}", not "{3}".',
        label(a),
        label(target),
        unitTypes[0],
        a.node.schema,
      ),
      a.file,
      [...a.path, 'schema'],
    );
}

function label(e: Element): string {
  return typeof e.node.name === 'string' ? e.node.name : e.id;
}
