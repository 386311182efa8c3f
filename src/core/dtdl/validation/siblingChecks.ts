// Checks among an element's own children, which depend on one file alone: names unique among contents, fields,
// enum values and relationship properties, enum values unique, and what an extension co-type wants unique among
// siblings (MQTT's `index`).
import * as l10n from '@vscode/l10n';
import { isObject, type Element } from './elements';
import type { ProblemSink } from './problems';

export function checkSiblings(e: Element, sink: ProblemSink): void {
  checkUniqueNames(e, sink);
  checkUniqueAmongSiblings(e, sink);
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

function checkUniqueNames(e: Element, sink: ProblemSink): void {
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
