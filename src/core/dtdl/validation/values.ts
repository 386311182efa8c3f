// Checks of one literal property value: strings and their limits, names, language maps, booleans, integers.
import * as l10n from '@vscode/l10n';
import { isObject } from './elements';
import { isLanguageCode } from './languageCode';
import type { JsonPath, ProblemSink } from './problems';

const NAME = /^[A-Za-z](?:[A-Za-z0-9_]*[A-Za-z0-9])?$/;

export interface Where {
  sink: ProblemSink;
  file: string;
  path: JsonPath;
  owner: string;
  property: string;
  /** DTDL v2 reads JSON-LD value objects leniently: other keywords (`@language`, …) beside `@value` are ignored. */
  lenient: boolean;
}

/** Keywords a value object may not have in any DTDL version. */
const STRICT_KEYWORDS = new Set(['@id', '@context', '@graph']);

const XSD: Record<string, string> = { 'xsd:string': 'string', 'xsd:boolean': 'boolean', 'xsd:integer': 'integer' };

/**
 * A literal's JSON value: a one-element array and a JSON-LD value object (`{"@value": …, "@type": …}`) are
 * unwrapped, as the reference parser reads them; `ok` is false when a problem was reported.
 */
export function single(
  value: unknown,
  w: Where,
  what: 'string' | 'boolean' | 'integer',
): { ok: boolean; value?: unknown } {
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: true, value: undefined };
    if (value.length > 1) {
      w.sink.add(
        `${what}MultipleValues`,
        l10n.t('"{0}" of {1} must have one value, not {2}.', w.property, w.owner, String(value.length)),
        w.file,
        w.path,
      );
      return { ok: false };
    }
    return single(value[0], { ...w, path: [...w.path, 0] }, what);
  }
  if (!isObject(value) || !('@value' in value)) return { ok: true, value };
  for (const key of Object.keys(value)) {
    if (key === '@value' || key === '@type') continue;
    if (w.lenient && key.startsWith('@') && !STRICT_KEYWORDS.has(key)) continue;
    const code =
      key === '@id'
        ? 'valueObjectId'
        : key === '@context'
          ? 'valueObjectContext'
          : key === '@graph'
            ? 'valueObjectGraph'
            : key === '@language'
              ? 'valueObjectLanguage'
              : key.startsWith('@')
                ? 'valueObjectKeyword'
                : 'valueObjectInvalidProp';
    w.sink.add(code, l10n.t('"{0}" may not appear in the value of "{1}" of {2}.', key, w.property, w.owner), w.file, [
      ...w.path,
      key,
    ]);
    return { ok: false };
  }
  const type = value['@type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (types.length !== 1 || XSD[String(types[0])] !== what) {
      w.sink.add(
        `${what}TypeNot${what[0].toUpperCase()}${what.slice(1)}`,
        l10n.t(
          'The value of "{0}" of {1} is typed {2}; it must be {3}.',
          w.property,
          w.owner,
          JSON.stringify(type),
          what,
        ),
        w.file,
        [...w.path, '@type'],
      );
      return { ok: false };
    }
  }
  return { ok: true, value: value['@value'] };
}

export function checkString(value: unknown, w: Where, max: number | undefined, isName: boolean): void {
  const one = single(value, w, 'string');
  if (!one.ok) return;
  const v = one.value;
  if (v === undefined) return undefined;
  if (typeof v !== 'string') {
    w.sink.add('stringNotString', l10n.t('"{0}" of {1} must be a string.', w.property, w.owner), w.file, w.path);
    return;
  }
  if (max !== undefined && v.length > max) {
    w.sink.add(
      'stringTooLong',
      l10n.t(
        '"{0}" of {1} is {2} characters long; the limit is {3}.',
        w.property,
        w.owner,
        String(v.length),
        String(max),
      ),
      w.file,
      w.path,
    );
  }
  if (isName && !NAME.test(v)) {
    w.sink.add(
      'stringInvalid',
      l10n.t(
        '"{0}" is not a valid name: use letters, digits and underscores, starting with a letter and not ending with an underscore.',
        v,
      ),
      w.file,
      w.path,
    );
  }
}

export function checkLangString(value: unknown, w: Where, max: number): void {
  const tooLong = (text: string, path: JsonPath): void => {
    if (text.length > max)
      w.sink.add(
        'langStringValueTooLong',
        l10n.t(
          '"{0}" of {1} is {2} characters long; the limit is {3}.',
          w.property,
          w.owner,
          String(text.length),
          String(max),
        ),
        w.file,
        path,
      );
  };
  if (typeof value === 'string') return tooLong(value, w.path);
  if (Array.isArray(value)) {
    const codes = new Set<string>();
    const unique = (lang: string, path: JsonPath): void => {
      if (codes.has(lang))
        w.sink.add(
          'langStringElementCodeNotUnique',
          lang === ''
            ? l10n.t('"{0}" has two values without a language.', w.property)
            : l10n.t('"{0}" has two values for language "{1}".', w.property, lang),
          w.file,
          path,
        );
      codes.add(lang);
    };
    value.forEach((item, i) => {
      const path = [...w.path, i];
      if (typeof item === 'string') {
        unique('', path);
        return tooLong(item, path);
      }
      if (!isObject(item)) {
        w.sink.add(
          'langStringElementNotStringOrObject',
          l10n.t('"{0}" of {1} must be text or a language map.', w.property, w.owner),
          w.file,
          path,
        );
        return;
      }
      const text = item['@value'];
      const lang = item['@language'];
      for (const key of Object.keys(item))
        if (key !== '@value' && key !== '@language' && !(w.lenient && key.startsWith('@') && !STRICT_KEYWORDS.has(key)))
          w.sink.add(
            'langStringElementInvalidProp',
            l10n.t('"{0}" may not appear in a text value of "{1}".', key, w.property),
            w.file,
            [...path, key],
          );
      if (typeof text !== 'string') {
        w.sink.add(
          'langStringElementNoValue',
          l10n.t('A text value of "{0}" has no "@value".', w.property),
          w.file,
          path,
        );
        return;
      }
      if (lang !== undefined) {
        if (typeof lang !== 'string' || !isLanguageCode(lang)) {
          w.sink.add('langStringElementInvalidCode', l10n.t('"{0}" is not a language code.', String(lang)), w.file, [
            ...path,
            '@language',
          ]);
          return;
        }
      }
      unique(typeof lang === 'string' ? lang : '', path);
      tooLong(text, path);
    });
    return;
  }
  if (!isObject(value)) {
    w.sink.add(
      'langStringNotLangString',
      l10n.t('"{0}" of {1} must be text or a language map.', w.property, w.owner),
      w.file,
      w.path,
    );
    return;
  }
  for (const [lang, text] of Object.entries(value)) {
    const path = [...w.path, lang];
    if (lang.startsWith('@')) {
      w.sink.add(
        'langMapObjKeyword',
        l10n.t('"{0}" may not appear in the language map of "{1}".', lang, w.property),
        w.file,
        path,
      );
      continue;
    }
    if (!isLanguageCode(lang)) {
      w.sink.add('langStringInvalidCode', l10n.t('"{0}" is not a language code.', lang), w.file, path);
      continue;
    }
    if (typeof text !== 'string') {
      w.sink.add(
        'langStringValueNotString',
        l10n.t('The "{0}" text of "{1}" must be a string.', lang, w.property),
        w.file,
        path,
      );
      continue;
    }
    tooLong(text, path);
  }
}

export function checkBoolean(value: unknown, w: Where): void {
  const one = single(value, w, 'boolean');
  if (!one.ok) return;
  const v = one.value;
  if (v === undefined) return;
  if (typeof v !== 'boolean')
    w.sink.add('booleanNotBoolean', l10n.t('"{0}" of {1} must be true or false.', w.property, w.owner), w.file, w.path);
}

export function checkInteger(
  value: unknown,
  w: Where,
  min: number | undefined,
  max: number | undefined,
): number | undefined {
  const one = single(value, w, 'integer');
  if (!one.ok) return undefined;
  const v = one.value;
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    w.sink.add(
      'integerNotInteger',
      l10n.t('"{0}" of {1} must be a whole number.', w.property, w.owner),
      w.file,
      w.path,
    );
    return undefined;
  }
  if (min !== undefined && v < min)
    w.sink.add(
      'valueBelowMin',
      l10n.t('"{0}" of {1} must be at least {2}.', w.property, w.owner, String(min)),
      w.file,
      w.path,
    );
  if (max !== undefined && v > max)
    w.sink.add(
      'valueAboveMax',
      l10n.t('"{0}" of {1} must be at most {2}.', w.property, w.owner, String(max)),
      w.file,
      w.path,
    );
  return v;
}
