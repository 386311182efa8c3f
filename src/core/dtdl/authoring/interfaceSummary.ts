// What an interface holds once its inheritance is resolved, as Markdown for a hover: its name and description, its
// ancestors, and every property, telemetry, relationship, component and command with the interface that declares
// it. Every string from a model is escaped (a model may come from the service).
import * as l10n from '@vscode/l10n';
import { markdownText } from '../../untrusted/markdownText';
import { pickText } from '../dtdlText';
import type { ModelIndex } from '../modelIndex';
import { describeSchema } from '../twinJsonSchema';

/** Contents listed per kind before the rest are counted. */
const SHOWN_PER_KIND = 40;

interface Line {
  name: string;
  what: string;
  definedIn: string;
}

export function interfaceSummary(index: ModelIndex, id: string): string | undefined {
  const model = index.get(id);
  if (!model) return undefined;
  const code = (text: string): string => `\`${text.replace(/[`\r\n\t]/g, ' ')}\``;
  const out = [`**${markdownText(index.displayName(id))}** ${code(id)}`];
  const description = pickText(model.description);
  if (description) out.push('', markdownText(description));
  const ancestors = index.ancestors(id);
  if (ancestors.length)
    out.push('', l10n.t('Extends: {0}', ancestors.map((a) => markdownText(index.displayName(a))).join(' → ')));
  const from = (definedIn: string): string =>
    definedIn === id ? '' : ` — ${l10n.t('from {0}', markdownText(index.displayName(definedIn)))}`;
  const section = (title: string, lines: Line[]): void => {
    if (!lines.length) return;
    out.push('', `**${title}** (${lines.length})`, '');
    for (const line of lines.slice(0, SHOWN_PER_KIND))
      out.push(`- ${code(line.name)}: ${markdownText(line.what)}${from(line.definedIn)}`);
    if (lines.length > SHOWN_PER_KIND) out.push(`- ${l10n.t('and {0} more', lines.length - SHOWN_PER_KIND)}`);
  };
  section(
    l10n.t('Properties'),
    [...index.properties(id).values()].map((p) => ({
      name: p.name,
      what: `${describeSchema(p.schema)}${p.writable ? ` (${l10n.t('writable')})` : ''}`,
      definedIn: p.definedIn,
    })),
  );
  section(
    l10n.t('Telemetry'),
    [...index.telemetry(id).values()].map((t) => ({
      name: t.name,
      what: describeSchema(t.schema),
      definedIn: t.definedIn,
    })),
  );
  section(
    l10n.t('Relationships'),
    index.relationships(id).map((r) => ({
      name: r.name,
      what: r.target ? l10n.t('to {0}', index.displayName(r.target)) : l10n.t('to any model'),
      definedIn: r.definedIn,
    })),
  );
  section(
    l10n.t('Components'),
    [...index.components(id).values()].map((c) => ({
      name: c.name,
      what: index.displayName(c.schema),
      definedIn: c.definedIn,
    })),
  );
  section(
    l10n.t('Commands'),
    ancestorsAndSelf(index, id).flatMap((m) =>
      (index.get(m)?.commands ?? []).map((c) => ({ name: c.name, what: l10n.t('command'), definedIn: c.definedIn })),
    ),
  );
  return out.join('\n');
}

function ancestorsAndSelf(index: ModelIndex, id: string): string[] {
  return [id, ...index.ancestors(id)];
}
