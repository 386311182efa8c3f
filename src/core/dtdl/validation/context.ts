// `@context`: which DTDL version a document is written in and which extensions it opts into.
import * as l10n from '@vscode/l10n';
import { EXTENSIONS, type ExtensionSpec } from './extensions';
import { dtmiParts, isDtmi } from './dtmi';
import type { JsonPath, ProblemSink } from './problems';

export interface DtdlContext {
  version: number;
  extensions: ExtensionSpec[];
  /** An extension context the validator does not know (allowed only with `allowUndefinedExtensions`). */
  undefinedExtension: boolean;
  /** The IoT Central context (v2): its semantic types and the schemas `vector` and `geopoint`. */
  iotCentral: boolean;
}

export interface ContextOptions {
  supportedVersions: readonly number[];
  allowUndefinedExtensions: boolean;
}

/** Reads `@context` of an element; reports what is wrong with it; undefined when no DTDL version can be read. */
export function readContext(
  value: unknown,
  inherited: DtdlContext | undefined,
  options: ContextOptions,
  sink: ProblemSink,
  file: string,
  path: JsonPath,
): DtdlContext | undefined {
  const at = [...path, '@context'];
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0 && inherited) return inherited;
  if (entries.length === 0) {
    sink.add(
      'emptyContext',
      l10n.t('"@context" is empty; it must name the DTDL context, e.g. "dtmi:dtdl:context;3".'),
      file,
      at,
    );
    return undefined;
  }
  let version = inherited?.version;
  let sawDtdl = false;
  let sawAffiliate = false;
  const extensions: ExtensionSpec[] = [...(inherited?.extensions ?? [])];
  let undefinedExtension = inherited?.undefinedExtension ?? false;
  let iotCentral = inherited?.iotCentral ?? false;
  let ok = true;
  entries.forEach((entry, i) => {
    const here = Array.isArray(value) ? [...at, i] : at;
    if (typeof entry !== 'string') {
      const code = typeof entry === 'object' && entry !== null ? 'disallowedLocalContext' : 'invalidContextSpecifier';
      sink.add(
        code,
        l10n.t(
          'A "@context" entry must be a context DTMI such as "dtmi:dtdl:context;3"; local contexts are not allowed.',
        ),
        file,
        here,
      );
      ok = false;
      return;
    }
    if (!entry.startsWith('dtmi:')) {
      sink.add('nonDtmiContextSpecifier', l10n.t('The context "{0}" is not a DTMI.', entry), file, here);
      ok = false;
      return;
    }
    const parts = isDtmi(entry) ? dtmiParts(entry) : undefined;
    if (!parts || parts.fragment !== undefined) {
      sink.add('invalidContextSpecifier', l10n.t('The context "{0}" is not a valid context DTMI.', entry), file, here);
      ok = false;
      return;
    }
    const path = parts.path.join(':');
    if (parts.major === undefined) {
      sink.add('missingContextVersion', l10n.t('The context "{0}" has no version (e.g. ";3").', entry), file, here);
      ok = false;
      return;
    }
    if (path === 'dtdl:context') {
      if (parts.minor !== undefined || !options.supportedVersions.includes(parts.major)) {
        sink.add(
          'unrecognizedContextVersion',
          l10n.t(
            'DTDL version {0} is not supported here (supported: {1}).',
            String(entry.split(';')[1]),
            options.supportedVersions.join(', '),
          ),
          file,
          here,
        );
        ok = false;
        return;
      }
      if (sawAffiliate && (parts.major > 2 || sawDtdl)) {
        sink.add('dtdlContextFollowsAffiliate', l10n.t('The DTDL context must come first in "@context".'), file, here);
        ok = false;
      }
      sawDtdl = true;
      version = parts.major;
      return;
    }
    sawAffiliate = true;
    const ext = path.startsWith('dtdl:extension:') ? EXTENSIONS[path.slice('dtdl:extension:'.length)] : undefined;
    if (ext && ext.versions.includes(parts.major) && parts.minor === undefined) {
      extensions.push(ext.spec);
      return;
    }
    if (ext && parts.minor === undefined) {
      const otherVersion = entries.some((e) => typeof e === 'string' && e !== entry && e.startsWith(`dtmi:${path};`));
      if (options.allowUndefinedExtensions) undefinedExtension = true;
      else if (!otherVersion) {
        sink.add(
          'unresolvableContextVersion',
          l10n.t('Version {0} of the extension "{1}" is not one this validator knows.', String(parts.major), path),
          file,
          here,
        );
        ok = false;
      }
      return;
    }
    if (path === 'iotcentral:context' && parts.major === 2) {
      undefinedExtension = true;
      iotCentral = true;
      return;
    }
    if (path.startsWith('dtdl:') || !options.allowUndefinedExtensions) {
      sink.add(
        'unresolvableContextSpecifier',
        l10n.t('The context "{0}" is not one this validator knows.', entry),
        file,
        here,
      );
      ok = false;
      return;
    }
    undefinedExtension = true;
  });
  if (!sawDtdl && !inherited && ok) {
    sink.add(
      'missingDtdlContext',
      l10n.t('"@context" must name the DTDL context, e.g. "dtmi:dtdl:context;3".'),
      file,
      at,
    );
    return undefined;
  }
  if (version === undefined) return undefined;
  return { version, extensions, undefinedExtension, iotCentral };
}
