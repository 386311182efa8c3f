import * as assert from 'node:assert/strict';
import type { DigitalTwin } from '../../../src/core/api/types';
import { isTwinSortKey, sortTwins } from '../../../src/extension/twins/twinSort';

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
});
