// Walks the documents of a set: each element's `@id`, `@type` and properties are checked against the metamodel of
// its DTDL version; elements and the DTMIs they refer to are collected for the checks across the set.
import * as l10n from '@vscode/l10n';
import { readContext, type ContextOptions, type DtdlContext } from './context';
import { isDtmi, isReservedId, userIdProblem } from './dtmi';
import { isObject, recordElement, type Element, type ElementSet, type JsonObject } from './elements';
import {
  isUnitSchemaName,
  QUANTITATIVE_ONLY_TYPES,
  SEMANTIC_HOSTS,
  SEMANTIC_TYPES,
  V2_SEMANTIC_HOSTS,
  type ExtensionLiteral,
  unitTypesOf,
} from './extensions';
import { VERSION_SPECS, type ClassSpec, type PropertySpec } from './metamodel';
import type { JsonPath, ProblemSink } from './problems';
import { checkIotCentralSchema, IOT_CENTRAL_HOSTS, IOT_CENTRAL_SCHEMAS, IOT_CENTRAL_TYPES } from './iotCentral';
import { isDtdlNonClassTerm, termShape } from './undefinedTerms';
import { checkBoolean, checkInteger, checkLangString, checkString, single, type Where } from './values';
import { checkExtensionLiteral } from './extensionLiterals';
import { unitEnumerationOf } from './units';

const ABSTRACT = new Set([
  'Content',
  'Schema',
  'ComplexSchema',
  'Entity',
  'NamedEntity',
  'PrimitiveSchema',
  'SchemaField',
  'CommandPayload',
  'Unit',
  'NamedLatentType',
  'LatentType',
  'SemanticType',
  'QuantitativeType',
]);
const NUMERIC = new Set([
  'double',
  'float',
  'integer',
  'long',
  'byte',
  'short',
  'decimal',
  'unsignedByte',
  'unsignedShort',
  'unsignedInteger',
  'unsignedLong',
]);
const KEYWORDS_ALLOWED = new Set(['@id', '@type', '@context']);
/** Properties whose elements must name their class even where only one is allowed. */
const EXPLICIT_TYPE_UNDER = new Set(['contents', 'properties', 'schemas']);

export interface WalkOptions extends ContextOptions {}

/** What an element's co-types add to its class. */
interface CotypeRules {
  extraProperties: Set<string>;
  extraLiterals: Map<string, ExtensionLiteral>;
  /** Undefined properties are allowed (DTDL 2, an undefined extension, IoT Central). */
  allowsUndefined: boolean;
  semantic: string | undefined;
}

export class Walker {
  readonly set: ElementSet = { elements: [], byId: new Map(), references: [] };

  constructor(
    private readonly sink: ProblemSink,
    private readonly options: WalkOptions,
  ) {}

  /** Whether the document being walked may have DTDL v2's solecisms (the reference parser's tolerance quirks). */
  private tolerant = false;

  document(file: string, doc: unknown, tolerateSolecisms = false): void {
    this.tolerant = tolerateSolecisms;
    if (Array.isArray(doc)) doc.forEach((item, i) => this.topLevel(file, item, [i]));
    else this.topLevel(file, doc, []);
  }

  private topLevel(file: string, node: unknown, path: JsonPath): void {
    if (!isObject(node)) {
      this.sink.add('notJsonObject', l10n.t('A DTDL document must be a JSON object or an array of them.'), file, path);
      return;
    }
    if (node['@graph'] !== undefined) {
      this.sink.add('topLevelGraphDisallowed', l10n.t('"@graph" is not allowed in DTDL.'), file, [...path, '@graph']);
      return;
    }
    if (node['@context'] === undefined) {
      this.sink.add(
        'missingContext',
        l10n.t('The document has no "@context"; add "@context": "dtmi:dtdl:context;3" (or ;2).'),
        file,
        path,
      );
      return;
    }
    const context = readContext(node['@context'], undefined, this.options, this.sink, file, path);
    if (!context) return;
    const types = typeNames(node['@type']);
    if (!types.includes('Interface')) {
      this.sink.add('typeNotRootable', l10n.t('A top-level element must be an Interface.'), file, [...path, '@type']);
      return;
    }
    this.element(file, node, path, context, undefined, undefined, ['Interface']);
  }

  /** Checks one element; returns it (undefined when it cannot be read as an element of `allowed`). */
  element(
    file: string,
    node: JsonObject,
    path: JsonPath,
    inherited: DtdlContext,
    parent: Element | undefined,
    parentProperty: string | undefined,
    allowed: readonly string[],
  ): Element | undefined {
    const context = this.elementContext(file, node, path, inherited, parent, parentProperty);
    if (!context) return undefined;
    const owner = describe(node, parent, parentProperty);
    const typed = this.elementClass(file, node, path, owner, context, parentProperty, allowed);
    if (!typed) return undefined;
    const { cls, types } = typed;
    const cotypes = types.filter((t) => t !== cls);
    const rules = this.cotypeRules(file, node, path, owner, context, cls, cotypes);
    if (rules.semantic) this.semanticRules(file, node, path, owner, context.version, rules.semantic);
    if (context.iotCentral && context.version === 2) checkIotCentralSchema(node, cotypes, owner, this.sink, file, path);

    if (cls === 'MapKey' && node.schema !== undefined && node.schema !== 'string')
      this.sink.add('badType', l10n.t('The key of a Map ({0}) must have the schema "string".', owner), file, [
        ...path,
        'schema',
      ]);
    const id = this.readId(file, node, path, context, cls, parent, parentProperty);
    const element: Element = {
      id: id ?? '',
      explicitId: typeof node['@id'] === 'string',
      cls,
      cotypes,
      node,
      file,
      path,
      context,
      parent,
      parentProperty,
      children: [],
      tolerant: this.tolerant && context.version === 2,
    };
    this.set.elements.push(element);
    recordElement(node, element);
    parent?.children.push(element);
    if (element.explicitId && id !== undefined) addDefinition(this.set.byId, element, this.sink);

    const classSpec = VERSION_SPECS[context.version].classes[cls];
    this.members(element, classSpec, rules, owner);
    this.requiredMembers(file, node, path, owner, cls, classSpec);
    return element;
  }

  /** The element's context: its parent's, or its own where it has one that the parent's version may hold. */
  private elementContext(
    file: string,
    node: JsonObject,
    path: JsonPath,
    inherited: DtdlContext,
    parent: Element | undefined,
    parentProperty: string | undefined,
  ): DtdlContext | undefined {
    if (node['@context'] !== undefined && parent) {
      const own = readContext(node['@context'], inherited, this.options, this.sink, file, path);
      if (!own) return undefined;
      // A DTDL 3 model may hold DTDL 2 contents and parents written in place, never a newer version or a schema.
      if (own.version > inherited.version || (own.version !== inherited.version && parentProperty === 'schemas')) {
        this.sink.add(
          'disallowedVersionDefinition',
          l10n.t(
            '{0} is written in DTDL {1} inside a DTDL {2} model, which cannot hold it.',
            describe(node, parent, parentProperty),
            String(own.version),
            String(inherited.version),
          ),
          file,
          [...path, '@context'],
        );
        return undefined;
      }
      return own;
    }
    return inherited;
  }

  /** The element's one material class (of `allowed`) and all its types; undefined after a problem. */
  private elementClass(
    file: string,
    node: JsonObject,
    path: JsonPath,
    owner: string,
    context: DtdlContext,
    parentProperty: string | undefined,
    allowed: readonly string[],
  ): { cls: string; types: string[] } | undefined {
    const spec = VERSION_SPECS[context.version];
    const implicit = allowed.length === 1 && !EXPLICIT_TYPE_UNDER.has(parentProperty ?? '');
    const types = node['@type'] === undefined ? (implicit ? [allowed[0]] : []) : typeNames(node['@type']);
    if (node['@type'] !== undefined && types.length === 0) {
      this.sink.add('badType', l10n.t('"@type" of {0} must be a class name or a list of them.', owner), file, [
        ...path,
        '@type',
      ]);
      return undefined;
    }
    if (types.length === 0) {
      this.sink.add('missingType', l10n.t('{0} needs "@type" ({1}).', owner, allowed.join(', ')), file, path);
      return undefined;
    }
    const material = types.filter((t) => spec.classes[t] !== undefined);
    if (material.length === 0) {
      const abstract = types.find((t) => ABSTRACT.has(t));
      const inAllowed = types.find((t) => allowed.includes(t));
      if (abstract || inAllowed)
        this.sink.add(
          'badType',
          l10n.t(
            '{0} has type "{1}", which cannot be used here; use one of: {2}.',
            owner,
            abstract ?? inAllowed ?? '',
            allowed.join(', '),
          ),
          file,
          [...path, '@type'],
        );
      else
        this.sink.add(
          'typeUndefinedTerm',
          l10n.t(
            '{0} has no class DTDL {1} knows in "@type" ({2}); use one of: {3}.',
            owner,
            String(context.version),
            types.join(', '),
            allowed.join(', '),
          ),
          file,
          [...path, '@type'],
        );
      return undefined;
    }
    if (material.length > 1) {
      this.sink.add(
        'multipleMaterialTypes',
        l10n.t('{0} has more than one class in "@type": {1}.', owner, material.join(', ')),
        file,
        [...path, '@type'],
      );
      return undefined;
    }
    const cls = material[0];
    if (!allowed.includes(cls)) {
      this.sink.add(
        'badType',
        l10n.t('{0} is a {1}, but here it must be one of: {2}.', owner, cls, allowed.join(', ')),
        file,
        [...path, '@type'],
      );
      return undefined;
    }
    return { cls, types };
  }

  /** What the element's co-types add (properties, literals, a semantic type), with the problems they have. */
  private cotypeRules(
    file: string,
    node: JsonObject,
    path: JsonPath,
    owner: string,
    context: DtdlContext,
    cls: string,
    cotypes: readonly string[],
  ): CotypeRules {
    const extraProperties = new Set<string>();
    const extraLiterals = new Map<string, ExtensionLiteral>();
    let allowsUndefined = false;
    let semantic: string | undefined;
    for (const co of cotypes) {
      const quantitative = context.extensions.some((e) => e.semantic);
      if (ABSTRACT.has(co)) {
        this.sink.add(
          'abstractSupplementalType',
          l10n.t('"{0}" in "@type" of {1} is an abstract type; name a concrete one.', co, owner),
          file,
          [...path, '@type'],
        );
        continue;
      }
      if ((context.version === 2 || quantitative) && isUnitSchemaName(co)) {
        this.sink.add(
          'multipleMaterialTypes',
          l10n.t('{0} has more than one class in "@type": {1}, {2}.', owner, cls, co),
          file,
          [...path, '@type'],
        );
        continue;
      }
      if (
        (SEMANTIC_TYPES.has(co) && (context.version === 2 || quantitative)) ||
        (QUANTITATIVE_ONLY_TYPES.has(co) && quantitative)
      ) {
        if (!(context.version === 2 ? V2_SEMANTIC_HOSTS : SEMANTIC_HOSTS).has(cls))
          this.sink.add('invalidCotype', l10n.t('{0} cannot have the semantic type "{1}".', owner, co), file, [
            ...path,
            '@type',
          ]);
        if (semantic)
          this.sink.add(
            'conflictingSupplementalTypes',
            l10n.t('{0} has two semantic types, "{1}" and "{2}"; it may have one.', owner, semantic, co),
            file,
            [...path, '@type'],
          );
        semantic = co;
        extraProperties.add('unit');
        continue;
      }
      const ext = context.extensions.map((e) => e.cotypes[co]).find((c) => c !== undefined);
      if (ext) {
        if (context.version === 2)
          this.sink.add(
            'invalidCotypeVersion',
            l10n.t('The co-type "{0}" of {1} needs DTDL 3 or later.', co, owner),
            file,
            [...path, '@type'],
          );
        else if (!ext.hosts.includes(cls))
          this.sink.add('invalidCotype', l10n.t('{0} cannot have the co-type "{1}".', owner, co), file, [
            ...path,
            '@type',
          ]);
        ext.properties.forEach((p) => extraProperties.add(p));
        for (const [key, literal] of Object.entries(ext.literals ?? {})) {
          extraLiterals.set(key, literal);
          const v = node[key];
          if (literal.required && (v === undefined || (Array.isArray(v) && v.length === 0)))
            this.sink.add(
              'missingSupplementalLiteralProperty',
              l10n.t('{0} is "{1}", so it needs "{2}".', owner, co, key),
              file,
              path,
            );
        }
        if (ext.needsCotype && !cotypes.includes(ext.needsCotype))
          this.sink.add(
            'missingCocotype',
            l10n.t('{0} is "{1}", so it must also be "{2}".', owner, co, ext.needsCotype),
            file,
            [...path, '@type'],
          );
        if (ext.schemaClass) this.requireSchemaClass(file, node, path, owner, co, ext.schemaClass);
        continue;
      }
      if (context.iotCentral && IOT_CENTRAL_TYPES.has(co)) {
        if (context.version !== 2)
          this.sink.add(
            'invalidCotypeVersion',
            l10n.t('The IoT Central type "{0}" of {1} exists only in DTDL 2.', co, owner),
            file,
            [...path, '@type'],
          );
        else if (!IOT_CENTRAL_HOSTS.has(cls))
          this.sink.add('invalidCotype', l10n.t('{0} cannot have the IoT Central type "{1}".', owner, co), file, [
            ...path,
            '@type',
          ]);
        allowsUndefined = true;
        continue;
      }
      const shape = termShape(co);
      if (shape === 'invalidDtmi') {
        this.sink.add('typeInvalidDtmi', l10n.t('"{0}" in "@type" of {1} is not a valid DTMI.', co, owner), file, [
          ...path,
          '@type',
        ]);
        continue;
      }
      if (context.version === 2 && !context.undefinedExtension && isDtdlNonClassTerm(co, 2)) {
        this.sink.add(
          'typeIrrelevantDtmiOrTerm',
          l10n.t('"{0}" in "@type" of {1} is a DTDL property, not a type.', co, owner),
          file,
          [...path, '@type'],
        );
        continue;
      }
      if (context.version > 2 && shape === 'notDtmiNorTerm') {
        this.sink.add(
          'typeNotDtmiNorTerm',
          l10n.t('"{0}" in "@type" of {1} is neither a DTMI nor a term.', co, owner),
          file,
          [...path, '@type'],
        );
        continue;
      }
      if (context.version === 2 || context.undefinedExtension) {
        allowsUndefined = true;
        continue;
      }
      this.sink.add(
        'typeUndefinedTerm',
        l10n.t('"{0}" in "@type" of {1} is not a DTDL term; is an extension missing from "@context"?', co, owner),
        file,
        [...path, '@type'],
      );
    }
    return { extraProperties, extraLiterals, allowsUndefined, semantic };
  }

  /** Each property the element holds, against its class and co-types. */
  private members(element: Element, classSpec: ClassSpec, rules: CotypeRules, owner: string): void {
    const { node, path, context, file, cls } = element;
    const { extraProperties, extraLiterals, allowsUndefined } = rules;
    for (const [key, value] of Object.entries(node)) {
      const at = [...path, key];
      if (key.startsWith('@')) {
        if (!KEYWORDS_ALLOWED.has(key) && (context.version > 2 || key === '@graph'))
          this.sink.add(
            key === '@graph' ? 'graphDisallowed' : 'keywordDisallowed',
            l10n.t('"{0}" is not allowed in a DTDL element.', key),
            file,
            at,
          );
        continue;
      }
      const propSpec = classSpec.properties[key];
      if (propSpec) {
        if (value === null) {
          this.sink.add('propertyValueNull', l10n.t('"{0}" of {1} may not be null.', key, owner), file, at);
          continue;
        }
        this.property(element, key, value, propSpec, at);
        continue;
      }
      const literal = extraLiterals.get(key);
      if (literal) {
        checkExtensionLiteral(value, this.where(element, key, at), literal);
        continue;
      }
      if (extraProperties.has(key)) {
        if (key === 'unit' && typeof value !== 'string')
          this.sink.add('objectCountBelowMin', l10n.t('"unit" of {0} must name a unit.', owner), file, at);
        continue;
      }
      if (allowsUndefined) {
        const shape = termShape(key);
        if (context.version === 2 || shape === 'term' || shape === 'dtmi') continue;
        this.sink.add(
          shape === 'invalidDtmi' ? 'propertyInvalidDtmi' : 'propertyNotDtmiNorTerm',
          l10n.t('The property "{0}" of {1} is neither a term nor a valid DTMI.', key, owner),
          file,
          at,
        );
        continue;
      }
      if (key.includes(':'))
        this.sink.add('noTypeThatAllows', l10n.t('No type of {0} allows the property "{1}".', owner, key), file, at);
      else
        this.sink.add('propertyUndefinedTerm', l10n.t('{0} ({1}) has no property "{2}".', owner, cls, key), file, at);
    }
  }

  /** The properties the element's class requires. */
  private requiredMembers(
    file: string,
    node: JsonObject,
    path: JsonPath,
    owner: string,
    cls: string,
    classSpec: ClassSpec,
  ): void {
    for (const [key, propSpec] of Object.entries(classSpec.properties)) {
      if (!('required' in propSpec) || !propSpec.required) continue;
      const v = node[key];
      if (v === undefined || (Array.isArray(v) && v.length === 0))
        this.sink.add(
          propSpec.kind === 'string' || propSpec.kind === 'enumValue'
            ? 'missingLiteralProperty'
            : 'missingObjectProperty',
          l10n.t('{0} ({1}) needs "{2}".', owner, cls, key),
          file,
          path,
        );
    }
  }

  /** A co-type that needs its element's schema to be a complex schema of one class (a DTMI is checked by its use). */
  private requireSchemaClass(
    file: string,
    node: JsonObject,
    path: JsonPath,
    owner: string,
    cotype: string,
    schemaClass: string,
  ): void {
    const schema = Array.isArray(node.schema) && node.schema.length === 1 ? node.schema[0] : node.schema;
    if (schema === undefined || (typeof schema === 'string' && isDtmi(schema))) return;
    if (isObject(schema) && typeNames(schema['@type']).includes(schemaClass)) return;
    this.sink.add(
      'notRequiredType',
      l10n.t('{0} is "{1}", so its schema must be an {2}.', owner, cotype, schemaClass),
      file,
      [...path, 'schema'],
    );
  }

  /** A semantic type needs exactly one unit and a numeric schema. */
  private semanticRules(
    file: string,
    node: JsonObject,
    path: JsonPath,
    owner: string,
    version: number,
    semanticType: string,
  ): void {
    const unit = node.unit;
    const named = Array.isArray(unit) && unit.length === 1 ? unit[0] : unit;
    const enumeration = typeof named === 'string' ? unitEnumerationOf(named) : undefined;
    const accepted = unitTypesOf(semanticType);
    const spec = VERSION_SPECS[version];
    if (typeof named === 'string' && (spec.primitiveSchemas.has(named) || spec.classes[named] !== undefined))
      this.sink.add(
        'wrongParent',
        l10n.t('"{0}" is a DTDL term, not a unit; {1} needs a unit of {2}.', named, owner, (accepted ?? []).join(', ')),
        file,
        [...path, 'unit'],
      );
    else if (enumeration && accepted && !accepted.includes(enumeration))
      this.sink.add(
        'wrongParent',
        l10n.t(
          '"{0}" is a unit of {1}; {2} is a {3}, so its unit must be one of {4}.',
          String(named),
          enumeration,
          owner,
          semanticType,
          accepted.join(', '),
        ),
        file,
        [...path, 'unit'],
      );
    if (unit === undefined || (Array.isArray(unit) && unit.length === 0))
      this.sink.add(
        'missingSupplementalObjectProperty',
        l10n.t('{0} has a semantic type, so it needs a "unit".', owner),
        file,
        path,
      );
    else if (Array.isArray(unit) && unit.length > 1)
      this.sink.add('objectMultipleValues', l10n.t('{0} may have only one "unit".', owner), file, [...path, 'unit']);
    const schema = node.schema;
    if (typeof schema === 'string' && VERSION_SPECS[version].primitiveSchemas.has(schema) && !NUMERIC.has(schema))
      this.sink.add(
        'notRequiredType',
        l10n.t('{0} has a semantic type, so its schema must be numeric, not "{1}".', owner, schema),
        file,
        [...path, 'schema'],
      );
  }

  private readId(
    file: string,
    node: JsonObject,
    path: JsonPath,
    context: DtdlContext,
    cls: string,
    parent: Element | undefined,
    parentProperty: string | undefined,
  ): string | undefined {
    const spec = VERSION_SPECS[context.version];
    const raw = node['@id'];
    if (raw === undefined) {
      if (cls === 'Interface' && !parent) {
        this.sink.add(
          'missingTopLevelId',
          l10n.t('A top-level Interface needs an "@id" (a DTMI such as "dtmi:com:example:Room;1").'),
          file,
          path,
        );
        return undefined;
      }
      if (cls === 'Interface') {
        this.sink.add('missingRequiredId', l10n.t('An Interface needs an "@id".'), file, path);
        return undefined;
      }
      if (parentProperty === 'schemas') {
        this.sink.add(
          'missingRequiredId',
          l10n.t('A schema under "schemas" needs an "@id", so that other elements can refer to it.'),
          file,
          path,
        );
        return undefined;
      }
      return generatedId(parent, parentProperty, node);
    }
    const at = [...path, '@id'];
    if (typeof raw !== 'string') {
      this.sink.add('idNotString', l10n.t('"@id" must be a string (a DTMI).'), file, at);
      return undefined;
    }
    const why = userIdProblem(raw, context.version);
    if (why === 'invalid') {
      this.sink.add(
        'invalidId',
        l10n.t(
          '"{0}" is not a valid DTMI for DTDL {1}: "dtmi:" then segments of letters, digits and underscores separated by ":", then ";" and a version (e.g. "dtmi:com:example:Room;1").',
          raw,
          String(context.version),
        ),
        file,
        at,
      );
      return undefined;
    }
    if (why === 'fragment') {
      this.sink.add(
        'disallowedIdFragment',
        l10n.t('"{0}" has a fragment ("#…"), which an element id may not have.', raw),
        file,
        at,
      );
      return undefined;
    }
    if (
      (isReservedId(raw) && !(this.tolerant && context.version === 2)) ||
      (context.iotCentral && raw.startsWith('dtmi:iotcentral:'))
    ) {
      this.sink.add(
        'reservedId',
        l10n.t(
          '"{0}" is reserved for DTDL itself ("dtmi:dtdl:", "dtmi:standard:"; "dtmi:iotcentral:" with the IoT Central context).',
          raw,
        ),
        file,
        at,
      );
      return undefined;
    }
    if (raw.length > spec.maxIdLength) {
      this.sink.add(
        'idTooLong',
        l10n.t('"@id" is {0} characters long; the limit is {1}.', String(raw.length), String(spec.maxIdLength)),
        file,
        at,
      );
    } else if (cls === 'Interface' && raw.length > spec.maxInterfaceIdLength) {
      this.sink.add(
        'idTooLongForType',
        l10n.t(
          'An Interface "@id" is {0} characters long; the limit is {1}.',
          String(raw.length),
          String(spec.maxInterfaceIdLength),
        ),
        file,
        at,
      );
    }
    return raw;
  }

  private where(element: Element, key: string, at: JsonPath): Where {
    return {
      sink: this.sink,
      file: element.file,
      path: at,
      owner: describe(element.node, element.parent, element.parentProperty),
      property: key,
      lenient: element.context.version === 2,
    };
  }

  private property(element: Element, key: string, value: unknown, spec: PropertySpec, at: JsonPath): void {
    const w = this.where(element, key, at);
    switch (spec.kind) {
      case 'string':
        return checkString(value, w, spec.max, spec.name === true);
      case 'langString':
        return checkLangString(value, w, spec.max);
      case 'boolean':
        return checkBoolean(value, w);
      case 'integer':
        checkInteger(value, w, spec.min, spec.max);
        return;
      case 'term':
        if (typeof value !== 'string' || !spec.values.includes(value))
          this.sink.add(
            'badDtmiOrTerm',
            l10n.t('"{0}" of {1} must be one of: {2}.', key, w.owner, spec.values.join(', ')),
            element.file,
            at,
          );
        return;
      case 'enumValue': {
        const first = Array.isArray(value) && value.length === 1 ? value[0] : value;
        const inner = isObject(first) && '@value' in first ? first['@value'] : first;
        const one = single(value, w, typeof inner === 'number' ? 'integer' : 'string');
        if (!one.ok) return;
        value = one.value;
        if (typeof value !== 'string' && !(typeof value === 'number' && Number.isInteger(value)))
          this.sink.add(
            'incompatibleType',
            l10n.t('"enumValue" of {0} must be an integer or a string.', w.owner),
            element.file,
            at,
          );
        return;
      }
      case 'unit': {
        const unit = Array.isArray(value) && value.length === 1 ? value[0] : value;
        if (isObject(unit))
          this.sink.add(
            'refObjectNotAllowed',
            l10n.t('"{0}" of {1} must name a unit (e.g. "degreeCelsius"), not define one.', key, w.owner),
            element.file,
            at,
          );
        return;
      }
      case 'any':
        return;
      case 'elements':
        return this.children(element, key, value, spec.classes, at, spec.min, spec.max);
      case 'interfaces':
        return this.interfaceRefs(element, key, value, at, spec.max, key !== 'target');
      case 'schema':
        return this.schema(element, key, value, at, spec.interfaceOnly === true);
    }
  }

  private children(
    parent: Element,
    key: string,
    value: unknown,
    classes: readonly string[],
    at: JsonPath,
    min?: number,
    max?: number,
  ): void {
    const owner = describe(parent.node, parent.parent, parent.parentProperty);
    for (const [item, here] of this.counted(parent, key, value, at, owner, min, max)) {
      if (typeof item === 'string') {
        if (!isDtmi(item))
          this.sink.add(
            'refBadDtmiOrTerm',
            l10n.t('"{0}" in "{1}" of {2} is neither an element nor a DTMI.', item, key, owner),
            parent.file,
            here,
          );
        else this.set.references.push({ target: item, classes, from: parent, property: key, path: here });
        continue;
      }
      if (!isObject(item)) {
        this.sink.add(
          'refNotStringOrObject',
          l10n.t('"{0}" of {1} must hold elements (JSON objects).', key, owner),
          parent.file,
          here,
        );
        continue;
      }
      this.element(parent.file, item, here, parent.context, parent, key, classes);
    }
  }

  /** The values of a property that holds one or many, each with its path; a count outside min..max is a problem. */
  private counted(
    parent: Element,
    key: string,
    value: unknown,
    at: JsonPath,
    owner: string,
    min: number | undefined,
    max: number | undefined,
  ): Array<[unknown, JsonPath]> {
    const items = Array.isArray(value) ? value : [value];
    if (min !== undefined && items.length < min)
      this.sink.add(
        'objectCountBelowMin',
        l10n.t('"{0}" of {1} needs at least {2} value(s).', key, owner, String(min)),
        parent.file,
        at,
      );
    if (max !== undefined && items.length > max)
      this.sink.add(
        'objectCountAboveMax',
        l10n.t('"{0}" of {1} has {2} values; the limit is {3}.', key, owner, String(items.length), String(max)),
        parent.file,
        at,
      );
    return items.map((item, i) => [item, Array.isArray(value) ? [...at, i] : at]);
  }

  private interfaceRefs(
    parent: Element,
    key: string,
    value: unknown,
    at: JsonPath,
    max: number | undefined,
    resolve: boolean,
  ): void {
    const owner = describe(parent.node, parent.parent, parent.parentProperty);
    for (const [item, here] of this.counted(parent, key, value, at, owner, undefined, max)) {
      if (typeof item === 'string') {
        if (!isDtmi(item))
          this.sink.add(
            'badDtmiOrTerm',
            l10n.t('"{0}" in "{1}" of {2} is not a DTMI.', item, key, owner),
            parent.file,
            here,
          );
        else if (resolve)
          this.set.references.push({ target: item, classes: ['Interface'], from: parent, property: key, path: here });
        continue;
      }
      if (isObject(item) && key === 'extends') {
        this.inlineOrReference(parent, key, item, here, ['Interface']);
        continue;
      }
      this.sink.add('refNotStringOrObject', l10n.t('"{0}" of {1} must be a DTMI.', key, owner), parent.file, here);
    }
  }

  private inlineOrReference(
    parent: Element,
    key: string,
    item: JsonObject,
    here: JsonPath,
    classes: readonly string[],
  ): void {
    const keys = Object.keys(item);
    if (keys.length === 1 && keys[0] === '@id') {
      if (parent.tolerant) {
        const target = item['@id'];
        if (typeof target === 'string' && isDtmi(target))
          this.set.references.push({ target, classes, from: parent, property: key, path: here });
        else
          this.sink.add(
            'idRefBadDtmiOrTerm',
            l10n.t(
              '"{0}" of {1} refers to "{2}", which is not a DTMI.',
              key,
              describe(parent.node, parent.parent, parent.parentProperty),
              String(target),
            ),
            parent.file,
            here,
          );
        return;
      }
      this.sink.add(
        'idReference',
        l10n.t(
          '"{0}" of {1} refers to "{2}" as an object; write the DTMI as a string.',
          key,
          describe(parent.node, parent.parent, parent.parentProperty),
          String(item['@id']),
        ),
        parent.file,
        here,
      );
      return;
    }
    this.element(parent.file, item, here, parent.context, parent, key, classes);
  }

  private schema(parent: Element, key: string, value: unknown, at: JsonPath, interfaceOnly: boolean): void {
    const owner = describe(parent.node, parent.parent, parent.parentProperty);
    const spec = VERSION_SPECS[parent.context.version];
    if (Array.isArray(value)) {
      if (value.length !== 1) {
        this.sink.add(
          value.length === 0 ? 'objectCountBelowMin' : 'objectCountAboveMax',
          l10n.t('"{0}" of {1} must have exactly one value.', key, owner),
          parent.file,
          at,
        );
        return;
      }
      return this.schema(parent, key, value[0], [...at, 0], interfaceOnly);
    }
    const classes = interfaceOnly ? ['Interface'] : ['Array', 'Enum', 'Map', 'Object'];
    if (typeof value === 'string') {
      if (!interfaceOnly && spec.primitiveSchemas.has(value)) return;
      const unitSchemas = parent.context.version === 2 || parent.context.extensions.some((e) => e.semantic);
      if (!interfaceOnly && unitSchemas && isUnitSchemaName(value)) return;
      if (!interfaceOnly && parent.context.iotCentral && parent.context.version === 2 && IOT_CENTRAL_SCHEMAS.has(value))
        return;
      if (isDtmi(value)) {
        this.set.references.push({ target: value, classes, from: parent, property: key, path: at });
        return;
      }
      this.sink.add(
        'objectCountBelowMin',
        l10n.t(
          '"{0}" of {1} is "{2}", which is not a schema of DTDL {3}.',
          key,
          owner,
          value,
          String(parent.context.version),
        ),
        parent.file,
        at,
      );
      return;
    }
    if (!isObject(value)) {
      this.sink.add(
        'refNotStringOrObject',
        l10n.t('"{0}" of {1} must be a schema name, a DTMI or a schema object.', key, owner),
        parent.file,
        at,
      );
      return;
    }
    this.inlineOrReference(parent, key, value, at, classes);
  }
}

/** Adds an element to the elements by id, or reports that its id is taken. */
export function addDefinition(byId: Map<string, Element>, element: Element, sink: ProblemSink): void {
  const other = byId.get(element.id);
  if (other)
    sink.add(
      'duplicateDefinition',
      l10n.t('"{0}" is defined more than once (also in {1}).', element.id, other.file),
      element.file,
      [...element.path, '@id'],
    );
  else byId.set(element.id, element);
}

function typeNames(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return [];
}

/** The DTMI the reference parser makes up for an element without `@id`. */
function generatedId(parent: Element | undefined, parentProperty: string | undefined, node: JsonObject): string {
  if (!parent) return '';
  const base = parent.id.replace(/;[0-9.]+$/, '');
  const version = /;[0-9.]+$/.exec(parent.id)?.[0] ?? '';
  const name = typeof node.name === 'string' ? `:__${node.name}` : '';
  return `${base}:_${parentProperty ?? ''}${name}${version}`;
}

/** How an element is named in messages: its id, else its name, else its class. */
function describe(node: JsonObject, parent: Element | undefined, parentProperty: string | undefined): string {
  if (typeof node['@id'] === 'string') return node['@id'];
  if (typeof node.name === 'string') return `"${node.name}"`;
  if (parent && parentProperty) return l10n.t('the "{0}" of {1}', parentProperty, parent.id || parent.cls);
  return l10n.t('the element');
}
