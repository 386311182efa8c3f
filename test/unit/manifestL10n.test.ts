// The manifest is localisable: every text VS Code or the Marketplace shows from package.json is a "%key%"
// placeholder with its English text in package.nls.json, so a translation is a package.nls.<language>.json file.
import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { repoRoot } from '../harness/harnessPaths';
import { localisedManifest, placeholderKey, readJson, resolvePlaceholders, type NlsEntry } from '../shared/manifest';

/**
 * Where package.json holds text for the user: dotted paths, `*` for every value of an object, `[]` for every element
 * of an array. Settings (JSON schemas, nested) are walked by `schemaText`.
 */
const SHOWN_FIELDS = [
  'displayName',
  'description',
  'capabilities.*.description',
  'contributes.commands[].title',
  'contributes.commands[].shortTitle',
  'contributes.commands[].category',
  'contributes.viewsContainers.*[].title',
  'contributes.views.*[].name',
  'contributes.views.*[].contextualTitle',
  'contributes.viewsWelcome[].contents',
  'contributes.walkthroughs[].title',
  'contributes.walkthroughs[].description',
  'contributes.walkthroughs[].steps[].title',
  'contributes.walkthroughs[].steps[].description',
  'contributes.walkthroughs[].steps[].media.altText',
  'contributes.submenus[].label',
  'contributes.semanticTokenTypes[].description',
  'contributes.semanticTokenModifiers[].description',
  'contributes.colors[].description',
  'contributes.icons.*.description',
  'contributes.customEditors[].displayName',
  'contributes.languages[].aliases[]',
  'contributes.authentication[].label',
  'contributes.taskDefinitions[].properties.*.description',
  'contributes.languageModelTools[].displayName',
  'contributes.languageModelTools[].userDescription',
  'contributes.languageModelTools[].modelDescription',
];
/** Texts of a setting's schema; `properties`, `items` and `additionalProperties` nest schemas. */
const SCHEMA_TEXT = ['title', 'description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage'];
const SCHEMA_TEXT_LISTS = ['enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels'];

interface Field {
  where: string;
  value: unknown;
}

function fieldsAt(value: unknown, segments: string[], where: string): Field[] {
  if (!segments.length) return value === undefined ? [] : [{ where, value }];
  if (value === null || typeof value !== 'object') return [];
  const [segment, ...rest] = segments;
  const list = segment.endsWith('[]');
  const name = list ? segment.slice(0, -2) : segment;
  const record = value as Record<string, unknown>;
  const children: Array<[string, unknown]> =
    name === '*'
      ? Object.entries(record).map(([k, v]) => [`${where}.${k}`, v])
      : name
        ? [[`${where}.${name}`, record[name]]]
        : [[where, value]];
  return children.flatMap(([at, child]) =>
    list
      ? Array.isArray(child)
        ? child.flatMap((item, i) => fieldsAt(item, rest, `${at}[${i}]`))
        : []
      : fieldsAt(child, rest, at),
  );
}

function schemaText(schema: unknown, where: string): Field[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const own = SCHEMA_TEXT.filter((f) => node[f] !== undefined).map((f) => ({ where: `${where}.${f}`, value: node[f] }));
  const lists = SCHEMA_TEXT_LISTS.flatMap((f) =>
    Array.isArray(node[f]) ? node[f].map((value, i) => ({ where: `${where}.${f}[${i}]`, value })) : [],
  );
  const properties = Object.entries((node.properties ?? {}) as Record<string, unknown>).flatMap(([k, v]) =>
    schemaText(v, `${where}.properties.${k}`),
  );
  return [
    ...own,
    ...lists,
    ...properties,
    ...schemaText(node.items, `${where}.items`),
    ...schemaText(node.additionalProperties, `${where}.additionalProperties`),
  ];
}

/** Every user-facing field of a manifest, with its value. */
function shownText(manifest: unknown): Field[] {
  const configuration = fieldsAt(manifest, ['contributes', 'configuration'], 'package.json')[0]?.value;
  const sections = Array.isArray(configuration) ? configuration : configuration ? [configuration] : [];
  return [
    ...SHOWN_FIELDS.flatMap((path) => fieldsAt(manifest, path.split('.'), 'package.json')),
    ...sections.flatMap((section, i) =>
      schemaText(
        { title: (section as { title?: unknown }).title, properties: (section as { properties?: unknown }).properties },
        `configuration[${i}]`,
      ),
    ),
  ];
}

/** The fields of `manifest` written out instead of being placeholders. */
function literalText(manifest: unknown): string[] {
  return shownText(manifest)
    .filter((f) => typeof f.value !== 'string' || placeholderKey(f.value) === undefined)
    .map((f) => `${f.where}: ${JSON.stringify(f.value)}`);
}

/** Every placeholder key anywhere in `value`. */
function placeholders(value: unknown): string[] {
  if (typeof value === 'string') return placeholderKey(value) === undefined ? [] : [placeholderKey(value)!];
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholders);
  return [];
}

const manifest = readJson<Record<string, unknown>>('package.json');
const nls = readJson<Record<string, NlsEntry>>('package.nls.json');

describe('manifest: localisable text', () => {
  it('the check finds text written into the manifest, wherever VS Code shows it', () => {
    const sample = {
      displayName: '%extension.displayName%',
      contributes: {
        commands: [{ command: 'a', title: 'Go to Twin…', category: '%command.category%' }],
        views: { c: [{ id: 'v', name: '%view.v.name%', contextualTitle: 'Building Twins' }] },
        walkthroughs: [{ title: '%w%', description: '%w%', steps: [{ title: '%s%', description: 'Start it' }] }],
        configuration: {
          title: '%t%',
          properties: {
            'x.y': {
              description: '%d%',
              items: { properties: { name: { description: 'Name' } } },
              enumDescriptions: ['%e%', 'Off'],
            },
          },
        },
      },
    };
    assert.deepEqual(literalText(sample), [
      'package.json.contributes.commands[0].title: "Go to Twin…"',
      'package.json.contributes.views.c[0].contextualTitle: "Building Twins"',
      'package.json.contributes.walkthroughs[0].steps[0].description: "Start it"',
      'configuration[0].properties.x.y.enumDescriptions[1]: "Off"',
      'configuration[0].properties.x.y.items.properties.name.description: "Name"',
    ]);
  });

  it('every shown text is a placeholder', () => {
    const fields = shownText(manifest);
    assert.ok(
      fields.length > 50,
      `${fields.length} fields found: the walk reaches commands, views, walkthrough and settings`,
    );
    assert.deepEqual(literalText(manifest), []);
  });

  it('every placeholder has its English text in package.nls.json, and every key there is used', () => {
    const used = new Set(placeholders(manifest));
    assert.deepEqual(
      [...used].filter((key) => !(key in nls)),
      [],
      'placeholders without a key',
    );
    assert.deepEqual(
      Object.keys(nls).filter((key) => !used.has(key)),
      [],
      'keys no placeholder uses',
    );
    for (const [key, entry] of Object.entries(nls)) {
      const text = typeof entry === 'string' ? entry : entry.message;
      assert.ok(text.trim() && placeholderKey(text) === undefined, `${key} holds text`);
    }
  });

  it('resolves to the English manifest, and a missing key fails loudly', () => {
    const english = localisedManifest<{
      displayName: string;
      contributes: { commands: Array<{ command: string; title: string; category: string }> };
    }>();
    assert.equal(english.displayName, 'Building Twins');
    const goToTwin = english.contributes.commands.find((c) => c.command === 'buildingTwins.goToTwin');
    assert.deepEqual(goToTwin && [goToTwin.category, goToTwin.title], ['Building Twins', 'Go to Twin…']);
    assert.deepEqual(placeholders(english), []);
    assert.throws(() => resolvePlaceholders({ title: '%nowhere%' }, nls), /no "nowhere"/);
  });

  it('a translation (package.nls.<language>.json) only translates keys package.nls.json has', () => {
    const translations = readdirSync(repoRoot).filter((f) => /^package\.nls\.[\w-]+\.json$/.test(f));
    for (const file of translations) {
      const unknown = Object.keys(readJson<Record<string, NlsEntry>>(file)).filter((key) => !(key in nls));
      assert.deepEqual(unknown, [], file);
    }
  });
});
