import * as assert from 'node:assert/strict';
import { TIMESTAMP, UUID, valueTokens } from '../../../../src/extension/documents/valueTokens';

const matches = (pattern: RegExp, text: string): string[] => [...text.matchAll(pattern)].map((m) => m[0]);

describe("timestamps and UUIDs in the extension's JSON documents", () => {
  it('recognises ISO 8601 timestamps and UUIDs, and not near misses', () => {
    for (const hit of ['2024-10-01', '2024-10-01T12:34:56Z', '2024-08-30T03:49:30.4062816+00:00', '2024-10-01T12:34']) {
      assert.deepEqual(matches(TIMESTAMP, hit), [hit], hit);
    }
    for (const miss of ['2024-13-01', '2024-10-32', '2024-10-01T25:00:00Z', '12024-10-01'])
      assert.deepEqual(matches(TIMESTAMP, miss), [], miss);
    assert.deepEqual(matches(UUID, 'e0b109ff-077c-4d58-916e-b128cab16ecb'), ['e0b109ff-077c-4d58-916e-b128cab16ecb']);
    assert.deepEqual(matches(UUID, 'e0b109ff-077c-4d58-916e'), []);
  });

  it('finds them inside string values only, with their offsets', () => {
    const text =
      '{\n  "id": "e0b109ff-077c-4d58-916e-b128cab16ecb",\n  "startTime": "2024-10-01T12:34:56Z",\n  "count": 2024,\n  "note": "due 2024-10-02"\n}\n// 2024-10-03';
    const tokens = valueTokens(text);
    assert.deepEqual(
      tokens.map((t) => [text.slice(t.offset, t.offset + t.length), t.type]),
      [
        ['e0b109ff-077c-4d58-916e-b128cab16ecb', 'buildingTwinsUuid'],
        ['2024-10-01T12:34:56Z', 'buildingTwinsTimestamp'],
        ['2024-10-02', 'buildingTwinsTimestamp'],
      ],
    );
  });

  it('reads broken JSON without failing (a document is highlighted while it is typed)', () => {
    const tokens = valueTokens('[{ "startTime": "2024-10-01T00:00:00Z", "endTime": "2024-10-0');
    assert.deepEqual(
      tokens.map((t) => t.type),
      ['buildingTwinsTimestamp'],
    );
  });
});
