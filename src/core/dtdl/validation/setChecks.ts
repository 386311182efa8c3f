// Checks across the whole set of documents: references resolve to an element of the right class, `extends` has no
// cycle and stays within the depth limit, content names are unique along the inheritance chain, complex schemas
// nest within the limit and never contain themselves.
import * as l10n from '@vscode/l10n';
import { checkAnnotations } from './annotationChecks';
import { elementOfNode, isObject, type Element, type ElementSet } from './elements';
import { VERSION_SPECS } from './metamodel';
import { problemList, type DtdlProblem, type ProblemSink } from './problems';

/**
 * What the checks along an interface's inheritance chain found, by interface, kept from one check of a set to the
 * next: they depend on the interface and its ancestors alone, so while those are the same elements (their files
 * unchanged) the problems are the same.
 */
export type ChainChecksMemo = WeakMap<Element, { chain: Element[]; problems: DtdlProblem[] }>;

export function checkSet(set: ElementSet, sink: ProblemSink, memo: ChainChecksMemo = new WeakMap()): void {
  checkReferences(set, sink);
  for (const iface of set.elements) {
    if (iface.cls !== 'Interface') continue;
    const chain = [iface, ...ancestors(iface, set)];
    let kept = memo.get(iface);
    if (!kept || kept.chain.length !== chain.length || kept.chain.some((e, i) => e !== chain[i])) {
      const found = problemList();
      checkInheritance(iface, set, found);
      checkAnnotations(
        chain.flatMap((e) => contentsOf(e)),
        found,
      );
      memo.set(iface, (kept = { chain, problems: found.problems }));
    }
    for (const p of kept.problems) sink.add(p.code, p.message, p.file, p.path);
  }
  for (const e of set.elements) {
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

// Memos: an element never changes once walked (the incremental validator reuses it while its file's text stays the
// same), so its contents are kept with it; what it extends depends on the set, so that is kept per set.
const contentsMemo = new WeakMap<Element, Element[]>();
const parentsMemo = new WeakMap<ElementSet, Map<Element, Element[]>>();
const ancestorsMemo = new WeakMap<ElementSet, Map<Element, Element[]>>();

function memoIn(memo: WeakMap<ElementSet, Map<Element, Element[]>>, set: ElementSet): Map<Element, Element[]> {
  let map = memo.get(set);
  if (!map) memo.set(set, (map = new Map()));
  return map;
}

/** The interfaces an interface extends, inline ones included, by id. */
function parentsOf(iface: Element, set: ElementSet): Element[] {
  const memo = memoIn(parentsMemo, set);
  let parents = memo.get(iface);
  if (!parents) memo.set(iface, (parents = findParents(iface, set)));
  return parents;
}

function findParents(iface: Element, set: ElementSet): Element[] {
  const out: Element[] = [];
  const ext = iface.node.extends;
  for (const item of Array.isArray(ext) ? ext : ext === undefined ? [] : [ext]) {
    const id =
      typeof item === 'string' ? item : isObject(item) && typeof item['@id'] === 'string' ? item['@id'] : undefined;
    const found = id ? set.byId.get(id) : isObject(item) ? elementOfNode(item) : undefined;
    if (found && found.cls === 'Interface') out.push(found);
  }
  return out;
}

function contentsOf(iface: Element): Element[] {
  let contents = contentsMemo.get(iface);
  if (!contents) contentsMemo.set(iface, (contents = iface.children.filter((e) => e.parentProperty === 'contents')));
  return contents;
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
  for (const c of contentsOf(iface)) if (typeof c.node.name === 'string') seen.set(c.node.name, iface);
  const visited = new Set<Element>();
  const walk = (e: Element): void => {
    for (const p of parentsOf(e, set)) {
      if (visited.has(p)) continue;
      visited.add(p);
      for (const c of contentsOf(p)) {
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

function schemaTarget(e: Element, value: unknown, set: ElementSet): Element | undefined {
  if (typeof value === 'string') return set.byId.get(value);
  if (isObject(value)) return elementOfNode(value);
  if (Array.isArray(value) && value.length === 1) return schemaTarget(e, value[0], set);
  return undefined;
}

function checkComponentTarget(component: Element, set: ElementSet, sink: ProblemSink): void {
  const target = schemaTarget(component, component.node.schema, set);
  if (!target || target.cls !== 'Interface') return;
  const all = [target, ...ancestors(target, set)];
  if (all.some((i) => contentsOf(i).some((c) => c.cls === 'Component')))
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
  const memo = memoIn(ancestorsMemo, set);
  let found = memo.get(iface);
  if (!found) memo.set(iface, (found = findAncestors(iface, set)));
  return found;
}

function findAncestors(iface: Element, set: ElementSet): Element[] {
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
