import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// The grammar's patterns use only syntax that Oniguruma and JavaScript share, so they are
// exercised here with RegExp; the manifest must inject the grammar into JSON. Timestamps and UUIDs are not
// the grammar's: they are semantic tokens of the extension's own documents (valueTokens.test.ts).
const root = path.resolve(__dirname, '../../../..');
const grammar = JSON.parse(readFileSync(path.join(root, 'syntaxes/dtmi.injection.tmLanguage.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const regex = (name: string): RegExp => new RegExp(grammar.repository[name].match, 'g');
const matches = (name: string, text: string): string[] => [...text.matchAll(regex(name))].map((m) => m[0]);

describe('DTMI injection grammar', () => {
  it('is contributed to JSON and JSON with comments', () => {
    const entry = manifest.contributes.grammars.find(
      (g: { path: string }) => g.path === './syntaxes/dtmi.injection.tmLanguage.json',
    );
    assert.ok(entry);
    assert.equal(entry.scopeName, grammar.scopeName);
    assert.deepEqual(entry.injectTo, ['source.json', 'source.json.comments']);
    assert.equal(grammar.injectionSelector, 'L:string.quoted.double.json');
  });

  it('highlights DTMIs with their parts, and not near misses', () => {
    const m = regex('dtmi').exec('dtmi:com:willowinc:Room;1');
    assert.deepEqual(m && [m[1], m[3], m[5]], ['dtmi', 'com:willowinc:Room', '1']);
    assert.deepEqual(matches('dtmi', 'dtmi:com:buildingtwins:sample:AirHandlingUnit;12.3'), [
      'dtmi:com:buildingtwins:sample:AirHandlingUnit;12.3',
    ]);
    for (const miss of [
      'dtmi:com:example:Room',
      'dtmi:com:example:Room;0',
      'dtmi:9com:x;1',
      'dtmi:com:example_:Room;1',
      'xdtmi:com:a;1',
      'dtmi:com:a;1x',
    ]) {
      assert.deepEqual(matches('dtmi', miss), [], miss);
    }
  });
});
