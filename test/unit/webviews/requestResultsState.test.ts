import * as assert from 'node:assert/strict';
import {
  cellText,
  downsampleNote,
  RequestResultsState,
  resultStateText,
  resultStatusText,
} from '../../../src/webviews/requestResults/app/requestResultsState';
import type { ResultDetail, ResultSummary } from '../../../src/webviews/requestResults/requestResultsProtocol';

function summary(id: number, extra: Partial<ResultSummary> = {}): ResultSummary {
  return {
    id,
    name: `request ${id}`,
    operation: 'twins list',
    connection: 'local',
    state: 'ok',
    hasMore: false,
    ...extra,
  };
}

function detail(id: number, extra: Partial<ResultDetail> = {}): ResultDetail {
  return { id, kind: 'twins', columns: [], rows: [], totalRows: 0, series: [], hasMore: false, ...extra };
}

describe('the request results panel state', () => {
  it('selects the asked request, else the host choice, else the first, and keeps a selection still listed', () => {
    const state = new RequestResultsState();
    assert.equal(state.listed([summary(1), summary(2), summary(3)], undefined, 2), true);
    assert.equal(state.selected, 2);
    state.sortByColumn(0);
    state.showResult(detail(2));
    assert.equal(state.listed([summary(1), summary(2)], 1, 1), false, 'still listed and loaded: nothing to load');
    assert.equal(state.selected, 2);
    assert.deepEqual(state.sort, { column: 0, descending: false }, 'the sort stays with the selection');
    assert.equal(state.listed([summary(5), summary(6)]), true, 'gone: the first request is loaded');
    assert.equal(state.selected, 5);
    assert.equal(state.sort, undefined);
    assert.equal(new RequestResultsState().listed([], 3), false, 'nothing listed: nothing to load');
  });

  it('loads a listed request again until its result is the one shown', () => {
    const state = new RequestResultsState();
    state.listed([summary(1, { state: 'pending' })]);
    assert.equal(state.listed([summary(1)]), true, 'finished since: its result is loaded');
    state.showResult(detail(1));
    assert.equal(state.listed([summary(1)]), false);
  });

  it('sorts a column ascending, then the other way, and starts unsorted on another request', () => {
    const state = new RequestResultsState();
    state.listed([summary(1), summary(2)]);
    state.sortByColumn(2);
    assert.equal(state.sortOf(2), 'ascending');
    state.sortByColumn(2);
    assert.equal(state.sortOf(2), 'descending');
    assert.equal(state.sortOf(1), undefined);
    state.sortByColumn(1);
    assert.equal(state.sortOf(1), 'ascending');
    assert.equal(state.select(1), false, 'already selected');
    assert.equal(state.select(2), true);
    assert.equal(state.sort, undefined);
  });

  it('drops the answer of an older load', () => {
    const state = new RequestResultsState();
    const first = state.startLoad();
    const second = state.startLoad();
    assert.equal(state.isLatest(first), false);
    assert.equal(state.isLatest(second), true);
  });

  it('shows a result without series as a table, not as a chart', () => {
    const state = new RequestResultsState();
    state.view = 'chart';
    state.showResult(detail(1, { series: [{ label: 'a', x: [1], y: [2], points: 1 }] }));
    assert.equal(state.view, 'chart');
    state.showResult(detail(2));
    assert.equal(state.view, 'table');
    state.clearResult();
    assert.equal(state.detail, undefined);
  });

  it('describes a request, a result, a cell and a downsampled chart', () => {
    assert.equal(resultStateText(summary(1, { state: 'pending' })), 'running…');
    assert.equal(resultStateText(summary(1, { state: 'error' })), 'failed');
    assert.equal(resultStateText(summary(1, { rows: 1, durationMs: 40 })), '1 row · 40 ms');
    assert.equal(resultStateText(summary(1)), '');
    assert.equal(
      resultStatusText(detail(1, { rows: [[1], [2]], totalRows: 5, hasMore: true })),
      '5 rows · showing the first 2 (sorting and export use every row) · more on the service',
    );
    assert.equal(resultStatusText(detail(1, { rows: [[1]], totalRows: 1 })), '1 row');
    assert.equal(cellText(null), '');
    assert.equal(cellText(0), '0');
    assert.equal(cellText(false), 'false');
    assert.equal(downsampleNote([{ label: 'a', x: [1, 2], y: [1, 2], points: 2 }]), '');
    assert.equal(
      downsampleNote([
        { label: 'a', x: [1, 2], y: [1, 2], points: 500 },
        { label: 'b', x: [1], y: [1], points: 1 },
      ]),
      '501 points drawn as 3 (the shape is kept)',
    );
  });
});
