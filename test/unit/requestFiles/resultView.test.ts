import * as assert from 'node:assert/strict';
import { compareCells, MAX_CHART_POINTS, MAX_TABLE_ROWS, ResultPages } from '../../../src/core/requestFiles/resultView';

const twin = (i: number) => ({ id: `T${String(i).padStart(4, '0')}`, modelId: 'm:Room;1', contents: { area: i % 7 } });

describe('result pages', () => {
  it('a single page is the result as sent; "Load more" appends the rows of the next pages', () => {
    const pages = new ResultPages({ content: [twin(1), twin(2)], continuationToken: 'a' });
    assert.deepEqual(pages.result(), { content: [twin(1), twin(2)], continuationToken: 'a' });
    pages.append({ content: [twin(3)], continuationToken: null });
    assert.deepEqual(
      (pages.result() as Array<{ id: string }>).map((t) => t.id),
      ['T0001', 'T0002', 'T0003'],
    );
    assert.equal(pages.page(() => ['area']).totalRows, 3);
  });

  it('sorts by a column (nulls last, numbers by value) and shows the first rows only', () => {
    const pages = new ResultPages({
      content: Array.from({ length: MAX_TABLE_ROWS + 10 }, (_, i) => twin(i)),
      continuationToken: null,
    });
    const byArea = pages.page(() => ['area'], { column: 2, descending: true });
    assert.equal(byArea.rows.length, MAX_TABLE_ROWS);
    assert.equal(byArea.totalRows, MAX_TABLE_ROWS + 10);
    assert.equal(byArea.rows[0]![2], 6);
    assert.deepEqual([3, null, 1, 'b', 'a', 10].sort(compareCells), [1, 3, 10, 'a', 'b', null]);
  });

  it('time series: points by twin downsampled for the chart, in time order', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const data = Array.from({ length: 10_000 }, (_, i) => ({
      twinId: 'a',
      sourceTimestamp: new Date(t0 + (9_999 - i) * 1000).toISOString(),
      scalarValue: i,
    }));
    const [series] = new ResultPages({ data, continuationToken: null }).page().series;
    assert.equal(series!.points, 10_000);
    assert.equal(series!.x.length, MAX_CHART_POINTS);
    assert.deepEqual([series!.x[0], series!.x[series!.x.length - 1]], [t0, t0 + 9_999_000]);
    assert.ok(series!.x.every((x, i) => i === 0 || x > series!.x[i - 1]!));
  });

  it('JSON for the JSON view', () => {
    assert.deepEqual(new ResultPages({ count: 3 }).json(), { text: '{\n  "count": 3\n}', clipped: false });
  });
});
