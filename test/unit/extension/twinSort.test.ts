import * as assert from 'node:assert/strict';
import type { DigitalTwin } from '../../../src/core/api/types';
import { isTwinSortKey, SortedTwins, sortTwins } from '../../../src/extension/twins/twinSort';

const twin = (id: string, name?: string, lastUpdateTime?: string): DigitalTwin => ({
  id,
  modelId: 'dtmi:x:Room;1',
  contents: name ? { name } : {},
  lastUpdateTime,
});
const twins = [
  twin('R-10', 'Room 10', '2026-01-02T00:00:00Z'),
  twin('R-2', 'room 2', '2026-03-01T00:00:00Z'),
  twin('A-1', undefined, undefined),
  twin('R-9', 'Room 9', '2026-01-02T00:00:00Z'),
];
const ids = (list: DigitalTwin[]): string[] => list.map((t) => t.id);

describe('twin order in the explorer', () => {
  it('sorts by name with numbers in numeric order, case ignored, a twin without a name by its id', () => {
    assert.deepEqual(ids(sortTwins(twins, 'name')), ['A-1', 'R-2', 'R-9', 'R-10']);
  });

  it('sorts by id', () => {
    assert.deepEqual(ids(sortTwins(twins, 'id')), ['A-1', 'R-10', 'R-2', 'R-9']);
  });

  it('sorts by last update, newest first, ties by id, twins without a time last', () => {
    assert.deepEqual(ids(sortTwins(twins, 'lastUpdate')), ['R-2', 'R-10', 'R-9', 'A-1']);
  });

  it('leaves the given list alone and knows its keys', () => {
    const copy = [...twins];
    sortTwins(twins, 'id');
    assert.deepEqual(twins, copy);
    assert.equal(isTwinSortKey('lastUpdate'), true);
    assert.equal(isTwinSortKey('__proto__'), false);
  });

  it('keeps a growing list in order page by page, the same order as sorting it whole, and starts again on a new list or order', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const all = Array.from({ length: 500 }, (_, i) =>
      twin(
        `T-${Math.floor(random() * 1000)}-${i}`,
        random() < 0.1 ? undefined : `Room ${Math.floor(random() * 50)}`,
        random() < 0.2 ? undefined : new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 1e9)).toISOString(),
      ),
    );
    for (const by of ['name', 'id', 'lastUpdate'] as const) {
      const sorted = new SortedTwins();
      const loaded: DigitalTwin[] = [];
      for (let page = 0; page < all.length; page += 37) {
        loaded.push(...all.slice(page, page + 37));
        assert.deepEqual(ids(sorted.of(loaded, by)), ids(sortTwins(loaded, by)), `${by} after ${loaded.length}`);
      }
      assert.deepEqual(ids(sorted.of([...loaded], 'id')), ids(sortTwins(loaded, 'id')), 'a new list');
    }
  });

  it('asks the same collator for every comparison (localeCompare with options made one per call)', () => {
    const original = String.prototype.localeCompare;
    let calls = 0;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
      calls++;
      return original.apply(this, args);
    };
    try {
      sortTwins(twins, 'name');
    } finally {
      String.prototype.localeCompare = original;
    }
    assert.equal(calls, 0);
  });
});
