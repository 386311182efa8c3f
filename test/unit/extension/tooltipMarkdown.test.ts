import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { markdownText } from '../../../src/core/untrusted/markdownText';
import {
  commandLink,
  keyProperties,
  modelTooltipMarkdown,
  TOOLTIP_LIST_LIMIT,
  twinTooltipMarkdown,
  type TwinTooltipFacts,
} from '../../../src/extension/explorer/tooltipMarkdown';

const ctx = 'dtmi:dtdl:context;3';
const index = ModelIndex.fromInterfaces([
  {
    '@id': 'dtmi:x:Space;1',
    '@type': 'Interface',
    '@context': ctx,
    displayName: 'Space',
    contents: [
      { '@type': 'Property', name: 'name', schema: 'string' },
      { '@type': ['Property', 'Area'], name: 'area', schema: 'double', unit: 'squareMetre', displayName: 'Floor area' },
      { '@type': 'Relationship', name: 'isPartOf', target: 'dtmi:x:Space;1' },
    ],
  },
  {
    '@id': 'dtmi:x:Room;1',
    '@type': 'Interface',
    '@context': ctx,
    displayName: 'Room',
    extends: 'dtmi:x:Space;1',
    description: 'A room *inside* a [level](https://evil.example)',
    contents: [
      { '@type': 'Property', name: 'capacity', schema: 'integer' },
      { '@type': 'Relationship', name: 'servedBy', target: 'dtmi:x:Equipment;1' },
    ],
  },
]);

/** The text as shown: Markdown escapes removed. */
const shown = (markdown: string): string => markdown.replace(/\\(.)/g, '$1');

function assertShows(markdown: string, parts: string[]): void {
  const text = shown(markdown);
  for (const part of parts) assert.ok(text.includes(part), `"${part}" in ${text}`);
}

const facts = (overrides: Partial<TwinTooltipFacts> = {}): TwinTooltipFacts => ({
  connection: 'Prod',
  twin: {
    id: 'R-1',
    modelId: 'dtmi:x:Room;1',
    contents: { name: 'Room 1', area: 42.5, capacity: 8, note: 'hi', tags: { a: 1 } },
  },
  index,
  relationships: { outgoing: 3, incoming: 1 },
  insights: { count: 2, topPriority: 1, names: ['Too hot', 'Filter'] },
  ...overrides,
});

describe('explorer tooltips (Markdown)', () => {
  it('escapes every character Markdown or HTML could act on, and keeps a service string on one line', () => {
    const hostile =
      '**bold** [x](command:workbench.action.terminal.new) <img src=x onerror=1> `c` &amp; # h\n- item\u0007';
    const text = markdownText(hostile);
    assert.ok(!/(^|[^\\])[*[\]()<>`&#]/.test(text), text);
    assert.ok(!text.includes('\n') && !text.includes('\u0007'));
    assert.equal(
      shown(text),
      '**bold** [x](command:workbench.action.terminal.new) <img src=x onerror=1> `c` &amp; # h - item',
    );
  });

  it("lists the twin's property values with display names and units: the model's own first, then inherited, then undeclared", () => {
    assert.deepEqual(
      keyProperties(facts().twin, index).map((l) => shown(l)),
      ['capacity: 8', 'Floor area: 42.5 m²', 'note: hi'],
    );
  });

  it("says a property named like a heading is a property: equipment's Model beside the twin's model", () => {
    const twin = { id: 'V-1', modelId: 'dtmi:x:Room;1', contents: { model: 'VT-8', id: 'x' } };
    const lines = keyProperties(twin, undefined, ['Id', 'Model', 'Last updated']).map((l) => shown(l));
    assert.deepEqual(lines, ['model (property): VT-8', 'id (property): x']);
    const md = twinTooltipMarkdown({ ...facts(), twin });
    assert.equal(md.match(/^Model\\: /gm)?.length, 1, 'one Model line');
    const unnamed = twinTooltipMarkdown({ ...facts(), twin, index: undefined });
    assert.ok(unnamed.includes('Model\\: dtmi\\:x\\:Room;1\n'), 'a model without a known name: its DTMI once');
  });

  it('shows the model, counts, open insights and links that run only the three commands', () => {
    const md = twinTooltipMarkdown(facts());
    assertShows(md, [
      '**Room 1**',
      'Model: Room (dtmi:x:Room;1)',
      'Relationships: 3 outgoing, 1 incoming',
      '**2 open insights (most urgent: priority 1)**',
      '- Too hot',
    ]);
    const links = [...md.matchAll(/\]\(command:([\w.]+)\?([^)]*)\)/g)].map((m) => [
      m[1],
      JSON.parse(decodeURIComponent(m[2])) as unknown,
    ]);
    assert.deepEqual(links, [
      ['buildingTwins.openTwin', ['Prod', 'R-1']],
      ['buildingTwins.showTimeSeries', [{ connection: 'Prod', kind: 'twins', ids: ['R-1'] }]],
      ['buildingTwins.showTwinGraph', [{ connection: 'Prod', kind: 'twins', ids: ['R-1'] }]],
    ]);
  });

  it("keeps a hostile twin id inside its link's encoded arguments", () => {
    const link = commandLink('Open', 'buildingTwins.openTwin', ['P', 'x) [y](command:evil']);
    assert.equal([...link.matchAll(/\]\(command:/g)].length, 1);
    assert.ok(!/[\s()[\]]/.test(link.slice(link.indexOf('?'), -1)));
  });

  it('says why counts or insights are missing, and "no open insights" when none', () => {
    const plain = shown(twinTooltipMarkdown(facts({ relationships: { error: 'No permission' }, insights: undefined })));
    assert.ok(plain.includes('Relationships: unknown (No permission)'));
    assert.ok(plain.includes('No open insights'));
    assert.ok(
      shown(twinTooltipMarkdown(facts({ insights: { error: 'timeout' } }))).includes(
        'Open insights: unknown (timeout)',
      ),
    );
  });

  it('describes a model with its description escaped and inherited properties and relationships marked', () => {
    const md = modelTooltipMarkdown(index, 'dtmi:x:Room;1');
    assert.ok(!md.includes('](https'), 'the description cannot link');
    assertShows(md, [
      'A room *inside* a [level](https://evil.example)',
      'Extends: Space',
      '**3 properties**',
      '**area** double m² (from Space)',
      '**capacity** integer',
      '**isPartOf** → Space (from Space)',
      '**servedBy** → dtmi:x:Equipment;1',
    ]);
    assert.ok(!shown(md).includes('**capacity** integer (from'));
  });

  it(`lists at most ${TOOLTIP_LIST_LIMIT} properties and says how many more`, () => {
    const contents = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, i]));
    const md = twinTooltipMarkdown(facts({ twin: { id: 'T', modelId: 'dtmi:x:Unknown;1', contents } }));
    assert.equal((md.match(/^- /gm) ?? []).length, TOOLTIP_LIST_LIMIT + 1 + 2);
    assert.ok(shown(md).includes('… and 8 more'));
  });
});
