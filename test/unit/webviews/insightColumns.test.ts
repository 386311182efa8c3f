import * as assert from 'node:assert/strict';
import { COLUMNS } from '../../../src/webviews/insights/app/insightColumns';
import type { Insight } from '../../../src/core/api/types';

describe('insights table columns', () => {
  const updated = COLUMNS.find((c) => c.field === 'updatedDate')!;
  const insight = { id: 'i1', updatedDate: '2026-11-27T07:12:45.123Z' } as Insight;

  it('shows the day an insight was updated, which fits its column, and the time of day in the tooltip', () => {
    assert.equal(updated.value(insight), '2026-11-27');
    assert.equal(updated.title?.(insight), '2026-11-27 07:12:45');
  });

  it('leaves a cell without a date empty', () => {
    assert.equal(updated.value({ id: 'i2' } as Insight), '');
  });
});
