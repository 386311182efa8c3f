// The explorer's rich tooltips as Markdown text, free of 'vscode' so they are unit-tested: a twin (its model, key
// properties with units, relationship counts, open insights, links to open / chart / graph) and a model (description,
// properties and relationships including inherited ones). Every text from the service goes through markdownText.
import { unitSymbol } from '../../core/dtdl/unitSymbols';
import * as l10n from '@vscode/l10n';
import type { TwinInsights } from '../../core/api/openInsights';
import type { DigitalTwin } from '../../core/api/types';
import { describeSchema } from '../../core/dtdl/twinJsonSchema';
import { pickText } from '../../core/dtdl/dtdlText';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { markdownText } from '../../core/untrusted/markdownText';
import { countText } from '../../shared/countText';
import type { RowSubject } from './rowSubject';

/** The commands a twin tooltip links to: the only ones its Markdown is trusted to run. */
export const TWIN_TOOLTIP_COMMANDS = [
  'buildingTwins.openTwin',
  'buildingTwins.showTimeSeries',
  'buildingTwins.showTwinGraph',
] as const;

/** At most this many properties (twin values, model definitions) and relationships are listed. */
export const TOOLTIP_LIST_LIMIT = 12;

export interface TwinTooltipFacts {
  connection: string;
  twin: DigitalTwin;
  index: ModelIndex | undefined;
  /** Counts, or the reason they are missing (e.g. a 403). */
  relationships: { outgoing: number; incoming: number } | { error: string };
  /** Open insights of the twin (undefined: none), or the reason they are unknown. */
  insights: TwinInsights | undefined | { error: string };
  /** True when the connection has more open insights than were read. */
  insightsTruncated?: boolean;
}

/** A `command:` link with JSON arguments (encoded, so no service text can end the link). */
export function commandLink(
  label: string,
  command: (typeof TWIN_TOOLTIP_COMMANDS)[number],
  args: readonly unknown[],
): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(
    /[()'!*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `[${markdownText(label)}](command:${command}?${encoded})`;
}

function valueText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * "name: value unit" for the twin's scalar property values, in the model's order (its own first, then inherited). A
 * property whose label is one of `headings` (equipment's "Model" property beside the twin's model) says it is a
 * property: "Model (property): VT-8".
 */
export function keyProperties(
  twin: DigitalTwin,
  index: ModelIndex | undefined,
  headings: readonly string[] = [],
): string[] {
  const taken = new Set(headings.map((h) => h.toLocaleLowerCase()));
  const labelled = (label: string): string =>
    taken.has(label.toLocaleLowerCase()) ? l10n.t('{0} (property)', label) : label;
  const contents = twin.contents ?? {};
  const declared = index?.has(twin.modelId) ? [...index.properties(twin.modelId).values()] : [];
  const lines: string[] = [];
  const seen = new Set<string>(['name']);
  for (const property of declared) {
    if (seen.has(property.name)) continue;
    seen.add(property.name);
    const text = Object.prototype.hasOwnProperty.call(contents, property.name)
      ? valueText(contents[property.name])
      : undefined;
    if (text === undefined || text === '') continue;
    const label = pickText(property.displayName) ?? property.name;
    lines.push(
      `${markdownText(labelled(label))}: ${markdownText(text)}${property.unit ? ` ${markdownText(unitSymbol(property.unit))}` : ''}`,
    );
  }
  for (const [key, value] of Object.entries(contents)) {
    const text = seen.has(key) ? undefined : valueText(value);
    if (text !== undefined && text !== '') lines.push(`${markdownText(labelled(key))}: ${markdownText(text)}`);
  }
  return lines;
}

function limited(lines: string[]): string[] {
  if (lines.length <= TOOLTIP_LIST_LIMIT) return lines;
  return [
    ...lines.slice(0, TOOLTIP_LIST_LIMIT),
    markdownText(l10n.t('… and {0} more', lines.length - TOOLTIP_LIST_LIMIT)),
  ];
}

function bullets(lines: string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

function insightsText(facts: TwinTooltipFacts): string {
  const insights = facts.insights;
  if (insights && 'error' in insights) return markdownText(l10n.t('Open insights: unknown ({0})', insights.error));
  if (!insights)
    return markdownText(
      facts.insightsTruncated ? l10n.t('No open insights among those read') : l10n.t('No open insights'),
    );
  const head = countText(insights.count, { one: l10n.t('{0} open insight'), other: l10n.t('{0} open insights') });
  const priority =
    insights.topPriority === undefined ? '' : ` ${l10n.t('(most urgent: priority {0})', insights.topPriority)}`;
  return [`**${markdownText(head + priority)}**`, bullets(insights.names.map(markdownText))].join('\n\n');
}

/** The twin's tooltip: title, model, key properties, relationship counts, open insights and the links. */
export function twinTooltipMarkdown(facts: TwinTooltipFacts): string {
  const { twin, index } = facts;
  const name = typeof twin.contents?.name === 'string' && twin.contents.name.trim() ? twin.contents.name : twin.id;
  const modelLine = index?.has(twin.modelId)
    ? l10n.t('Model: {0} ({1})', index.displayName(twin.modelId), twin.modelId)
    : l10n.t('Model: {0}', twin.modelId);
  const sections = [
    `**${markdownText(name)}**`,
    [markdownText(l10n.t('Id: {0}', twin.id)), markdownText(modelLine)].join('  \n'),
  ];
  if (twin.lastUpdateTime) sections.push(markdownText(l10n.t('Last updated: {0}', twin.lastUpdateTime)));
  // The headings above, as a property's label would repeat them.
  const properties = keyProperties(twin, index, [l10n.t('Id'), l10n.t('Model'), l10n.t('Last updated')]);
  if (properties.length) sections.push(bullets(limited(properties)));
  const rel = facts.relationships;
  sections.push(
    markdownText(
      'error' in rel
        ? l10n.t('Relationships: unknown ({0})', rel.error)
        : l10n.t('Relationships: {0} outgoing, {1} incoming', rel.outgoing, rel.incoming),
    ),
  );
  sections.push(insightsText(facts));
  // The twin as a row (rowSubject.ts) in plain data: the link's arguments are JSON.
  const target: RowSubject<'twins'> = { connection: facts.connection, kind: 'twins', ids: [twin.id], value: undefined };
  sections.push(
    [
      commandLink(l10n.t('Open'), 'buildingTwins.openTwin', [facts.connection, twin.id]),
      commandLink(l10n.t('Chart'), 'buildingTwins.showTimeSeries', [target]),
      commandLink(l10n.t('Graph'), 'buildingTwins.showTwinGraph', [target]),
    ].join(' · '),
  );
  return sections.join('\n\n');
}

/** The model's tooltip: name, id, description, what it extends, properties and relationships including inherited. */
export function modelTooltipMarkdown(index: ModelIndex, modelId: string): string {
  const sections = [`**${markdownText(index.displayName(modelId))}**`, markdownText(modelId)];
  const model = index.get(modelId);
  const description = pickText(model?.description);
  if (description) sections.push(markdownText(description));
  const parents = index.parents(modelId);
  if (parents.length)
    sections.push(
      markdownText(l10n.t('Extends: {0}', parents.map((p) => (index.has(p) ? index.displayName(p) : p)).join(', '))),
    );
  const inherited = (definedIn: string): string =>
    definedIn === modelId
      ? ''
      : ` ${markdownText(l10n.t('(from {0})', index.has(definedIn) ? index.displayName(definedIn) : definedIn))}`;
  const properties = [...index.properties(modelId).values()].map(
    (p) =>
      `**${markdownText(p.name)}** ${markdownText(describeSchema(p.schema))}${p.unit ? ` ${markdownText(unitSymbol(p.unit))}` : ''}${inherited(p.definedIn)}`,
  );
  sections.push(
    `**${markdownText(countText(properties.length, { one: l10n.t('{0} property'), other: l10n.t('{0} properties') }))}**`,
  );
  if (properties.length) sections.push(bullets(limited(properties)));
  const relationships = index
    .relationships(modelId)
    .map(
      (r) =>
        `**${markdownText(r.name)}** → ${markdownText(r.target ? (index.has(r.target) ? index.displayName(r.target) : r.target) : l10n.t('any model'))}${inherited(r.definedIn)}`,
    );
  sections.push(
    `**${markdownText(countText(relationships.length, { one: l10n.t('{0} relationship'), other: l10n.t('{0} relationships') }))}**`,
  );
  if (relationships.length) sections.push(bullets(limited(relationships)));
  return sections.join('\n\n');
}
