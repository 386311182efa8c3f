// Checks across the whole set of documents: references resolve to an element of the right class, `extends` has no
// cycle and stays within the depth limit, content names are unique along the inheritance chain, complex schemas
// nest within the limit and never contain themselves.
import * as l10n from '@vscode/l10n';
import { checkAnnotations } from './annotationChecks';
import { isObject, type Element, type ElementSet } from './elements';
import { VERSION_SPECS } from './metamodel';
import type { ProblemSink } from './problems';

export function checkSet(set: ElementSet, sink: ProblemSink): void {
  checkReferences(set, sink);
  const interfaces = set.elements.filter((e) => e.cls === 'Interface');
  for (const iface of interfaces) {
    checkInheritance(iface, set, sink);
    checkAnnotations(
      [iface, ...ancestors(iface, set)].flatMap((e) => contentsOf(e, set)),
      sink,
    );
  }
  for (const e of set.elements) {
    checkUniqueNames(e, set, sink);
    checkUniqueAmongSiblings(e, sink);
    if (e.cls === 'Component') checkComponentTarget(e, set, sink);
    if (e.cls === 'Array' || e.cls === 'Map' || e.cls === 'Object') checkSchemaDepth(e, set, sink);
    if (VERSION_SPECS[e.context.version].noArraySchemaIn.has(e.cls)) checkNoArray(e, set, sink);
  }
}

function checkReferences(set: ElementSet, sink: ProblemSink): void {
  for (const ref of set.references) {
    const target = set.byId.get(ref.target);
    if (!target) {
      sink.add(
        'unresolvedReference',
        l10n.t('"{0}" refers to "{1}", which is defined nowhere in the checked files.', ref.property, ref.target),
        ref.from.file,
        ref.path,
      );
      continue;
    }
    if (ref.from.context.version === 2 && target.context.version > 2) {
      sink.add(
        'disallowedVersionReference',
        l10n.t(
          '"{0}" refers to "{1}", which is written in DTDL {2}; a DTDL 2 model may refer only to DTDL 2 models.',
          ref.property,
          ref.target,
          String(target.context.version),
        ),
        ref.from.file,
        ref.path,
      );
      continue;
    }
    if (target.cls !== 'Interface' && partitionOf(target) !== partitionOf(ref.from)) {
      sink.add(
        'crossPartitionReference',
        l10n.t(
          '"{0}" refers to "{1}", a schema defined in another interface ({2}); a schema can be used only inside the interface that defines it.',
          ref.property,
          ref.target,
          partitionOf(target)?.id ?? '',
        ),
        ref.from.file,
        ref.path,
      );
      continue;
    }
    if (!ref.classes.includes(target.cls))
      sink.add(
        'objectCountBelowMin',
        l10n.t(
          '"{0}" refers to "{1}", a {2}; it must be one of: {3}.',
          ref.property,
          ref.target,
          target.cls,
          ref.classes.join(', '),
        ),
        ref.from.file,
        ref.path,
      );
  }
}

/** The interface an element is defined in (itself, for an interface). */
function partitionOf(e: Element): Element | undefined {
  let at: Element | undefined = e;
  while (at && at.cls !== 'Interface') at = at.parent;
  return at;
}

/** The interfaces an interface extends, inline ones included, by id. */
function parentsOf(iface: Element, set: ElementSet): Element[] {
  const out: Element[] = [];
  const ext = iface.node.extends;
  for (const item of Array.isArray(ext) ? ext : ext === undefined ? [] : [ext]) {
    const id =
      typeof item === 'string' ? item : isObject(item) && typeof item['@id'] === 'string' ? item['@id'] : undefined;
    const found = id ? set.byId.get(id) : isObject(item) ? set.byNode.get(item) : undefined;
    if (found && found.cls === 'Interface') out.push(found);
  }
  return out;
}

function contentsOf(iface: Element, set: ElementSet): Element[] {
  return iface.children.filter((e) => e.parentProperty === 'contents');
}

function checkInheritance(iface: Element, set: ElementSet, sink: ProblemSink): void {
  const max = VERSION_SPECS[iface.context.version].maxExtendsDepth;
  let cycle = false;
  const depthOf = (e: Element, stack: Set<Element>): number => {
    if (stack.has(e)) {
      cycle = true;
      return 0;
    }
    stack.add(e);
    const d = 1 + Math.max(0, ...parentsOf(e, set).map((p) => depthOf(p, stack)));
    stack.delete(e);
    return d;
  };
  const depth = depthOf(iface, new Set()) - 1;
  const at = [...iface.path, 'extends'];
  if (cycle) {
    sink.add(
      'recursiveStructureNarrow',
      l10n.t('{0} extends itself through its "extends" chain.', iface.id),
      iface.file,
      at,
    );
    return;
  }
  if (depth > max)
    sink.add(
      'excessiveDepthNarrow',
      l10n.t('The "extends" chain of {0} is {1} levels deep; the limit is {2}.', iface.id, String(depth), String(max)),
      iface.file,
      at,
    );
  const seen = new Map<string, Element>();
  for (const c of contentsOf(iface, set)) if (typeof c.node.name === 'string') seen.set(c.node.name, iface);
  const visited = new Set<Element>();
  const walk = (e: Element): void => {
    for (const p of parentsOf(e, set)) {
      if (visited.has(p)) continue;
      visited.add(p);
      for (const c of contentsOf(p, set)) {
        const name = c.node.name;
        if (typeof name !== 'string') continue;
        const owner = seen.get(name);
        if (owner && owner !== p)
          sink.add(
            'nonUniqueImportedPropertyValue',
            l10n.t('{0} has two contents named "{1}" (from {2} and {3}).', iface.id, name, owner.id, p.id),
            iface.file,
            at,
          );
        seen.set(name, p);
      }
      walk(p);
    }
  };
  walk(iface);
}

const NAMED_CHILDREN: Record<string, string> = {
  Interface: 'contents',
  Object: 'fields',
  Enum: 'enumValues',
  Relationship: 'properties',
};

/** Values an extension co-type wants unique among siblings (MQTT's `index`), per property of the parent. */
function checkUniqueAmongSiblings(e: Element, sink: ProblemSink): void {
  const seen = new Set<string>();
  for (const c of e.children) {
    for (const co of c.cotypes) {
      const key = c.context.extensions.map((x) => x.cotypes[co]?.uniqueAmongSiblings).find((k) => k !== undefined);
      if (!key || c.node[key] === undefined) continue;
      const id = JSON.stringify([c.parentProperty, co, c.node[key]]);
      if (seen.has(id))
        sink.add(
          'nonUniquePropertyValue',
          l10n.t('Two "{0}" elements of {1} have the same "{2}": {3}.', co, e.id, key, JSON.stringify(c.node[key])),
          c.file,
          [...c.path, key],
        );
      seen.add(id);
    }
  }
}

function checkUniqueNames(e: Element, set: ElementSet, sink: ProblemSink): void {
  const property = NAMED_CHILDREN[e.cls];
  if (!property) return;
  const names = new Set<string>();
  const values = new Set<unknown>();
  for (const c of e.children) {
    if (c.parentProperty !== property) continue;
    const name = c.node.name;
    if (typeof name === 'string') {
      if (names.has(name) && !(c.tolerant && !c.explicitId))
        sink.add(
          'nonUniquePropertyValue',
          l10n.t('Two elements of "{0}" of {1} are named "{2}".', property, e.id, name),
          c.file,
          [...c.path, 'name'],
        );
      names.add(name);
    }
    const raw = c.node.enumValue;
    const enumValue = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
    const literal = isObject(enumValue) && '@value' in enumValue ? enumValue['@value'] : enumValue;
    if (e.cls === 'Enum' && literal !== undefined) {
      if (values.has(literal))
        sink.add(
          'nonUniquePropertyValue',
          l10n.t('Two values of {0} have the enumValue {1}.', e.id, JSON.stringify(c.node.enumValue)),
          c.file,
          [...c.path, 'enumValue'],
        );
      values.add(literal);
      const valueSchema = e.node.valueSchema;
      const expected = valueSchema === 'string' ? 'string' : valueSchema === 'integer' ? 'number' : undefined;
      if (expected && typeof literal !== expected)
        sink.add(
          'incompatibleType',
          l10n.t(
            '"enumValue" {0} does not match the valueSchema "{1}" of {2}.',
            JSON.stringify(c.node.enumValue),
            String(valueSchema),
            e.id,
          ),
          c.file,
          [...c.path, 'enumValue'],
        );
    }
  }
}

function schemaTarget(e: Element, value: unknown, set: ElementSet): Element | undefined {
  if (typeof value === 'string') return set.byId.get(value);
  if (isObject(value)) return set.byNode.get(value);
  if (Array.isArray(value) && value.length === 1) return schemaTarget(e, value[0], set);
  return undefined;
}

function checkComponentTarget(component: Element, set: ElementSet, sink: ProblemSink): void {
  const target = schemaTarget(component, component.node.schema, set);
  if (!target || target.cls !== 'Interface') return;
  const all = [target, ...ancestors(target, set)];
  if (all.some((i) => contentsOf(i, set).some((c) => c.cls === 'Component')))
    sink.add(
      'excludedType',
      l10n.t(
        'Component "{0}" uses {1}, which itself has a Component; components may not nest.',
        String(component.node.name),
        target.id,
      ),
      component.file,
      [...component.path, 'schema'],
    );
}

function ancestors(iface: Element, set: ElementSet): Element[] {
  const out: Element[] = [];
  const visit = (e: Element): void => {
    for (const p of parentsOf(e, set))
      if (!out.includes(p) && p !== iface) {
        out.push(p);
        visit(p);
      }
  };
  visit(iface);
  return out;
}

/** The schemas directly inside a complex schema. */
function innerSchemas(e: Element, set: ElementSet): Element[] {
  const values: unknown[] = [];
  if (e.cls === 'Array') values.push(e.node.elementSchema);
  if (e.cls === 'Map' && isObject(e.node.mapValue)) values.push(e.node.mapValue.schema);
  if (e.cls === 'Object')
    for (const f of Array.isArray(e.node.fields) ? e.node.fields : [e.node.fields])
      if (isObject(f)) values.push(f.schema);
  return values
    .map((v) => schemaTarget(e, v, set))
    .filter((x): x is Element => x !== undefined && ['Array', 'Map', 'Object', 'Enum'].includes(x.cls));
}

function checkSchemaDepth(e: Element, set: ElementSet, sink: ProblemSink): void {
  if (e.parent && ['Array', 'Map', 'Object', 'Field', 'MapValue'].includes(e.parent.cls)) return;
  const max = VERSION_SPECS[e.context.version].maxSchemaDepth;
  let recursive = false;
  const depth = (s: Element, stack: Set<Element>): number => {
    if (stack.has(s)) {
      recursive = true;
      return 0;
    }
    stack.add(s);
    const d = 1 + Math.max(0, ...innerSchemas(s, set).map((x) => depth(x, stack)));
    stack.delete(s);
    return d;
  };
  const d = depth(e, new Set());
  if (recursive) sink.add('recursiveStructureWide', l10n.t('{0} contains itself.', e.id), e.file, e.path);
  else if (d > max)
    sink.add(
      'excessiveDepthWide',
      l10n.t('{0} nests complex schemas {1} levels deep; the limit is {2}.', e.id, String(d), String(max)),
      e.file,
      e.path,
    );
}

function checkNoArray(e: Element, set: ElementSet, sink: ProblemSink): void {
  const seen = new Set<Element>();
  const hasArray = (s: Element | undefined): boolean => {
    if (!s || seen.has(s)) return false;
    seen.add(s);
    return s.cls === 'Array' || innerSchemas(s, set).some(hasArray);
  };
  if (hasArray(schemaTarget(e, e.node.schema, set)))
    sink.add(
      'excludedType',
      l10n.t('A {0} schema may not be or contain an Array in DTDL {1}.', e.cls, String(e.context.version)),
      e.file,
      [...e.path, 'schema'],
    );
}
