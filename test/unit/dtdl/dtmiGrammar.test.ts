import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// The grammar's patterns use only syntax that Oniguruma and JavaScript share, so they are
// exercised here with RegExp; the manifest must inject the grammar into JSON.
const root = path.resolve(__dirname, '../../../..');
const grammar = JSON.parse(readFileSync(path.join(root, 'syntaxes/dtmi.injection.tmLanguage.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const regex = (name: string): RegExp => new RegExp(grammar.repository[name].match, 'g');
const matches = (name: string, text: string): string[] => [...text.matchAll(regex(name))].map((m) => m[0]);

describe('DTMI injection grammar', () => {
  it('is contributed to JSON and JSON with comments', () => {
    const entry = manifest.contributes.grammars.find((g: { path: string }) => g.path === './syntaxes/dtmi.injection.tmLanguage.json');
    assert.ok(entry);
    assert.equal(entry.scopeName, grammar.scopeName);
    assert.deepEqual(entry.injectTo, ['source.json', 'source.json.comments']);
    assert.equal(grammar.injectionSelector, 'L:string.quoted.double.json');
  });

  it('highlights DTMIs with their parts, and not near misses', () => {
    const m = regex('dtmi').exec('dtmi:com:willowinc:Room;1');
    assert.deepEqual(m && [m[1], m[3], m[5]], ['dtmi', 'com:willowinc:Room', '1']);
    assert.deepEqual(matches('dtmi', 'dtmi:com:buildingtwins:sample:AirHandlingUnit;12.3'), ['dtmi:com:buildingtwins:sample:AirHandlingUnit;12.3']);
    for (const miss of ['dtmi:com:example:Room', 'dtmi:com:example:Room;0', 'dtmi:9com:x;1', 'dtmi:com:example_:Room;1', 'xdtmi:com:a;1', 'dtmi:com:a;1x']) {
      assert.deepEqual(matches('dtmi', miss), [], miss);
    }
  });

  it('highlights ISO 8601 timestamps and UUIDs', () => {
    for (const hit of ['2024-10-01', '2024-10-01T12:34:56Z', '2024-08-30T03:49:30.4062816+00:00', '2024-10-01T12:34']) {
      assert.deepEqual(matches('timestamp', hit), [hit], hit);
    }
    for (const miss of ['2024-13-01', '2024-10-32', '2024-10-01T25:00:00Z', '12024-10-01']) assert.deepEqual(matches('timestamp', miss), [], miss);
    assert.deepEqual(matches('uuid', 'e0b109ff-077c-4d58-916e-b128cab16ecb'), ['e0b109ff-077c-4d58-916e-b128cab16ecb']);
    assert.deepEqual(matches('uuid', 'e0b109ff-077c-4d58-916e'), []);
  });
});
