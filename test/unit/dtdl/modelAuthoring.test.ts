import * as assert from 'node:assert/strict';
import { ModelAuthoring } from '../../../src/core/dtdl/authoring/modelAuthoring';
import { modelCompletions, type CompletionSources } from '../../../src/core/dtdl/authoring/modelCompletions';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';

const NO_SOURCES: CompletionSources = { folderInterfaces: [], folderSchemas: [], connectionInterfaces: [] };

/** The text with the cursor mark `|` taken out, and the cursor's offset. */
function cursorIn(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'the text marks the cursor with |');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

function labels(marked: string, sources = NO_SOURCES): string[] {
  const { text, offset } = cursorIn(marked);
  return modelCompletions(text, offset, sources).map((c) => c.label);
}

const SPACE = JSON.stringify(
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': 'dtmi:ex:Space;1',
    '@type': 'Interface',
    displayName: 'Space',
    contents: [
      { '@type': 'Property', name: 'area', schema: 'double' },
      { '@type': 'Relationship', name: 'isPartOf', target: 'dtmi:ex:Space;1' },
    ],
  },
  null,
  2,
);
const ROOM = JSON.stringify(
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': 'dtmi:ex:Room;1',
    '@type': 'Interface',
    extends: 'dtmi:ex:Space;1',
    contents: [
      { '@type': 'Property', name: 'capacity', schema: 'integer', writable: true },
      { '@type': 'Telemetry', name: 'temperature', schema: 'dtmi:ex:Reading;1' },
    ],
    schemas: [{ '@id': 'dtmi:ex:Reading;1', '@type': 'Object', fields: [{ name: 'value', schema: 'double' }] }],
  },
  null,
  2,
);

describe('DTDL model files: completion', () => {
  it('offers the properties of the element class at the cursor, without those it already has', () => {
    const inProperty = labels(
      '{"@context": "dtmi:dtdl:context;3", "@type": "Interface", "contents": [{"@type": "Property", "name": "a", "|"}]}',
    );
    assert.ok(inProperty.includes('schema') && inProperty.includes('writable') && inProperty.includes('unit'));
    assert.ok(!inProperty.includes('name') && !inProperty.includes('target') && !inProperty.includes('@context'));
    const inRelationship = labels('{"@type": "Interface", "contents": [{"@type": "Relationship", |}]}');
    assert.ok(inRelationship.includes('target') && inRelationship.includes('maxMultiplicity'));
    assert.ok(!inRelationship.includes('schema'));
    const atRoot = labels('{"@type": "Interface", |}');
    assert.ok(atRoot.includes('@context') && atRoot.includes('contents') && atRoot.includes('extends'));
  });

  it('quotes a property name typed outside a string and leaves quotes out inside one', () => {
    const { text, offset } = cursorIn('{"@type": "Interface", |}');
    const outside = modelCompletions(text, offset, NO_SOURCES).find((c) => c.label === 'contents');
    assert.equal(outside?.insertText, '"contents": ');
    const inside = cursorIn('{"@type": "Interface", "con|"}');
    const entry = modelCompletions(inside.text, inside.offset, NO_SOURCES).find((c) => c.label === 'contents');
    assert.equal(entry?.insertText, 'contents');
    assert.deepEqual(entry?.range, { start: inside.text.indexOf('"con') + 1, end: inside.text.indexOf('"con') + 4 });
  });

  it('offers the classes "@type" may name where the element is nested', () => {
    assert.deepEqual(labels('{"@type": "Interface", "contents": [{"@type": "|"}]}').sort(), [
      'Command',
      'Component',
      'Property',
      'Relationship',
      'Telemetry',
    ]);
    assert.deepEqual(labels('{"@type": "Interface", "schemas": [{"@type": "|"}]}').sort(), [
      'Array',
      'Enum',
      'Map',
      'Object',
    ]);
    assert.deepEqual(labels('{"@type": "Interface", "schemas": [{"@type": "Object", "fields": [{"@type": "|"}]}]}'), [
      'Field',
    ]);
  });

  it('offers the primitive schemas of the file version and the folder named schemas for a schema', () => {
    const sources = { ...NO_SOURCES, folderSchemas: ['dtmi:ex:Reading;1'] };
    const v3 = labels(
      '{"@context": "dtmi:dtdl:context;3", "@type": "Interface", "contents": [{"@type": "Property", "schema": "|"}]}',
      sources,
    );
    assert.ok(v3.includes('double') && v3.includes('uuid') && v3.includes('dtmi:ex:Reading;1'));
    const v2 = labels(
      '{"@context": "dtmi:dtdl:context;2", "@type": "Interface", "contents": [{"@type": "Property", "schema": "|"}]}',
    );
    assert.ok(v2.includes('double') && !v2.includes('uuid'));
  });

  it('offers the folder and connection interfaces where an interface is named, each once', () => {
    const sources = {
      ...NO_SOURCES,
      folderInterfaces: ['dtmi:ex:Room;1', 'dtmi:ex:Space;1'],
      connectionInterfaces: ['dtmi:ex:Space;1', 'dtmi:com:willowinc:Asset;1'],
    };
    const { text, offset } = cursorIn('{"@type": "Interface", "extends": [|]}');
    const found = modelCompletions(text, offset, sources);
    assert.deepEqual(
      found.map((c) => c.label),
      ['dtmi:ex:Room;1', 'dtmi:ex:Space;1', 'dtmi:com:willowinc:Asset;1'],
    );
    assert.equal(found[0]?.insertText, '"dtmi:ex:Room;1"');
    assert.notEqual(found[1]?.detail, found[2]?.detail, 'where each comes from is said');
    assert.deepEqual(
      labels('{"@type": "Interface", "contents": [{"@type": "Relationship", "target": "|"}]}', sources).length,
      3,
    );
    assert.deepEqual(
      labels('{"@type": "Interface", "contents": [{"@type": "Component", "schema": "|"}]}', sources).length,
      3,
    );
  });

  it('offers terms, booleans and contexts, and nothing where nothing is known', () => {
    assert.deepEqual(labels('{"@type": "Interface", "contents": [{"@type": "Command", "commandType": "|"}]}'), [
      'synchronous',
      'asynchronous',
    ]);
    assert.deepEqual(labels('{"@type": "Interface", "contents": [{"@type": "Property", "writable": |}]}'), [
      'true',
      'false',
    ]);
    assert.deepEqual(labels('{"@context": "|"}'), ['dtmi:dtdl:context;3', 'dtmi:dtdl:context;2']);
    assert.deepEqual(labels('{"@type": "Interface", "contents": [{"@type": "Property", "name": "|"}]}'), []);
    assert.deepEqual(labels('|'), []);
  });
});

describe('DTDL model files: DTMIs across a folder', () => {
  const files = [
    { file: 'space.json', text: SPACE },
    { file: 'room.json', text: ROOM },
  ];
  const authoring = (): ModelAuthoring => {
    const a = new ModelAuthoring();
    a.update(files);
    return a;
  };
  const at = (text: string, needle: string, nth = 0): number => {
    let i = -1;
    for (let n = 0; n <= nth; n++) i = text.indexOf(needle, i + 1);
    assert.ok(i >= 0, `${needle} is in the text`);
    return i + 2;
  };

  it('goes to the definition of an interface and of a named schema from where they are named', () => {
    const a = authoring();
    const [space] = a.definition('room.json', at(ROOM, 'dtmi:ex:Space;1'));
    assert.equal(space?.file, 'space.json');
    assert.equal(SPACE.slice(space!.start, space!.end), 'dtmi:ex:Space;1');
    assert.equal(space?.defines, 'interface');
    const [reading] = a.definition('room.json', at(ROOM, 'dtmi:ex:Reading;1'));
    assert.equal(reading?.defines, 'schema');
    assert.equal(ROOM.slice(reading!.start, reading!.end), 'dtmi:ex:Reading;1');
    assert.deepEqual(a.definition('room.json', at(ROOM, '"capacity"')), []);
  });

  it('finds every place a DTMI is written, with or without its definition, never the context', () => {
    const a = authoring();
    const all = a.references('room.json', at(ROOM, 'dtmi:ex:Space;1'), true);
    assert.deepEqual(all.map((o) => o.file).sort(), ['room.json', 'space.json', 'space.json']);
    assert.equal(a.references('room.json', at(ROOM, 'dtmi:ex:Space;1'), false).length, 2);
    assert.deepEqual(a.references('room.json', at(ROOM, 'dtmi:dtdl:context;3'), true), []);
  });

  it('renames a DTMI in every file, and refuses a name that is no DTMI or already defined', () => {
    const a = authoring();
    const result = a.rename('space.json', at(SPACE, 'dtmi:ex:Space;1'), 'dtmi:ex:Area;1');
    assert.ok(result && 'edits' in result);
    const byFile = new Map(files.map((f) => [f.file, f.text]));
    for (const edit of [...result.edits].sort((x, y) => y.start - x.start))
      byFile.set(
        edit.file,
        byFile.get(edit.file)!.slice(0, edit.start) + edit.newText + byFile.get(edit.file)!.slice(edit.end),
      );
    assert.ok(!byFile.get('space.json')!.includes('dtmi:ex:Space;1'));
    assert.equal(JSON.parse(byFile.get('room.json')!).extends, 'dtmi:ex:Area;1');
    assert.equal(JSON.parse(byFile.get('space.json')!)['@id'], 'dtmi:ex:Area;1');
    const notDtmi = a.rename('space.json', at(SPACE, 'dtmi:ex:Space;1'), 'Area');
    assert.ok(notDtmi && 'error' in notDtmi && /not a DTMI/.test(notDtmi.error));
    const taken = a.rename('space.json', at(SPACE, 'dtmi:ex:Space;1'), 'dtmi:ex:Room;1');
    assert.ok(taken && 'error' in taken && /already defined/.test(taken.error));
    assert.equal(a.rename('room.json', at(ROOM, '"capacity"'), 'dtmi:ex:X;1'), undefined);
  });

  it('follows edits: a file whose text changed is read again, a file left out is forgotten', () => {
    const a = authoring();
    a.update([{ file: 'room.json', text: ROOM }]);
    assert.deepEqual(a.definition('room.json', at(ROOM, 'dtmi:ex:Space;1')), []);
    const renamed = ROOM.replace('dtmi:ex:Room;1', 'dtmi:ex:Hall;1');
    a.update([{ file: 'room.json', text: renamed }]);
    assert.equal(a.definition('room.json', at(renamed, 'dtmi:ex:Hall;1'))[0]?.dtmi, 'dtmi:ex:Hall;1');
  });

  it('hovers an interface with its inherited contents and where each comes from', () => {
    const hover = authoring().hover('room.json', at(ROOM, 'dtmi:ex:Room;1'));
    assert.ok(hover);
    assert.equal(ROOM.slice(hover.range.start, hover.range.end), 'dtmi:ex:Room;1');
    assert.match(hover.markdown, /Extends: Space/);
    assert.match(hover.markdown, /`capacity`: integer \\\(writable\\\)/);
    assert.match(hover.markdown, /`area`: double — from Space/);
    assert.match(hover.markdown, /`isPartOf`: to Space — from Space/);
    assert.match(hover.markdown, /\*\*Telemetry\*\* \(1\)/);
  });

  it('hovers with what a folder interface inherits from a connection model, its strings escaped', () => {
    const connection = ModelIndex.fromInterfaces([
      {
        '@context': 'dtmi:dtdl:context;3',
        '@id': 'dtmi:com:willowinc:Asset;1',
        '@type': 'Interface',
        displayName: 'Asset [see](http://x)',
        contents: [{ '@type': 'Property', name: 'serialNumber', schema: 'string' }],
      },
    ]);
    const pump = JSON.stringify({
      '@context': 'dtmi:dtdl:context;3',
      '@id': 'dtmi:ex:Pump;1',
      '@type': 'Interface',
      extends: 'dtmi:com:willowinc:Asset;1',
    });
    const a = new ModelAuthoring();
    a.update([{ file: 'pump.json', text: pump }]);
    const hover = a.hover('pump.json', at(pump, 'dtmi:ex:Pump;1'), connection);
    assert.match(hover!.markdown, /`serialNumber`: string — from Asset \\\[see\\\]\\\(http\\:\/\/x\\\)/);
    assert.equal(a.hover('pump.json', at(pump, 'dtmi:ex:Pump;1'))?.markdown.includes('serialNumber'), false);
    const onBase = a.hover('pump.json', at(pump, 'dtmi:com:willowinc:Asset;1'), connection);
    assert.match(onBase!.markdown, /serialNumber/);
  });
});
