// Literal properties that extension co-types bring (MQTT's topics, payload format, cache time-to-live and index):
// the kind of value each takes.
import * as l10n from '@vscode/l10n';
import type { ExtensionLiteral } from './extensions';
import { checkInteger, checkString, single, type Where } from './values';

const DURATION = /^P(?!$)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

export function checkExtensionLiteral(value: unknown, w: Where, spec: ExtensionLiteral): void {
  if (spec.kind === 'integer') {
    checkInteger(value, w, undefined, undefined);
    return;
  }
  if (spec.kind === 'string') return checkString(value, w, undefined, false);
  const one = single(value, w, 'string');
  if (!one.ok || one.value === undefined) return;
  const text = one.value;
  if (typeof text !== 'string') {
    w.sink.add('stringNotString', l10n.t('"{0}" of {1} must be a string.', w.property, w.owner), w.file, w.path);
    return;
  }
  if (spec.kind === 'duration' && !DURATION.test(text))
    w.sink.add(
      'durationInvalid',
      l10n.t('"{0}" of {1} is "{2}", not an ISO 8601 duration such as "PT15S".', w.property, w.owner, text),
      w.file,
      w.path,
    );
  if (spec.kind === 'topic' && !isTopicPattern(text))
    w.sink.add(
      'stringInvalid',
      l10n.t(
        '"{0}" of {1} is "{2}", not an MQTT topic: levels separated by single "/", none empty, no wildcards.',
        w.property,
        w.owner,
        text,
      ),
      w.file,
      w.path,
    );
}

/** An MQTT topic a model may name: non-empty levels (tokens such as "{modelId}" included), no wildcards. */
function isTopicPattern(text: string): boolean {
  return text.length > 0 && text.split('/').every((level) => level.length > 0 && !/[+#]/.test(level));
}
