import * as assert from 'node:assert/strict';
import type { Insight } from '../../../src/core/api/types';
import { InsightsState, pageNumbers } from '../../../src/webviews/insights/app/insightsState';

const insight = (id: string): Insight => ({ id }) as Insight;

describe('the insights panel state', () => {
  it('opens on the kept query, upgraded, else on the first page of 10', () => {
    assert.deepEqual(new InsightsState(undefined).query, { page: 1, pageSize: 10, filters: [] });
    const kept = new InsightsState({ query: { page: 3, pageSize: 25, filters: [] }, selectedId: 'i1' });
    assert.equal(kept.query.page, 3);
    assert.equal(kept.query.pageSize, 25);
    assert.equal(kept.keptSelection, true);
    assert.equal(new InsightsState({}).keptSelection, false);
  });

  it('sorts by a column ascending, then descending on the next click, from the first page', () => {
    const state = new InsightsState({ query: { page: 4, pageSize: 10, filters: [] } });
    state.sortByColumn('name');
    assert.deepEqual(state.query.sort, { field: 'name', sort: 'asc' });
    assert.equal(state.query.page, 1);
    state.sortByColumn('name');
    assert.deepEqual(state.query.sort, { field: 'name', sort: 'desc' });
    state.sortByColumn('priority');
    assert.deepEqual(state.query.sort, { field: 'priority', sort: 'asc' });
  });

  it('keeps the direction when the sort box changes field, and flips it only when there is a sort', () => {
    const state = new InsightsState(undefined);
    assert.equal(state.flipSortDirection(), false);
    state.sortBy('status');
    assert.equal(state.flipSortDirection(), true);
    state.sortBy('type');
    assert.deepEqual(state.query.sort, { field: 'type', sort: 'desc' });
    state.sortBy(undefined);
    assert.equal(state.query.sort, undefined);
  });

  it('reads a filter value as the operator takes it: none, a list, a number or text', () => {
    const state = new InsightsState({ query: { page: 2, pageSize: 10, filters: [] } });
    assert.equal(state.addFilter('status', 'equals', '  '), false, 'a missing value adds nothing');
    assert.equal(state.query.filters.length, 0);
    assert.equal(state.query.page, 2, 'nothing changed');
    assert.equal(state.addFilter('occurrenceCount', '>', ' 3 '), true);
    assert.equal(state.addFilter('name', 'contains', 'Fan 2'), true);
    assert.equal(state.addFilter('status', 'in', 'open, , new'), true);
    assert.equal(state.addFilter('ruleName', 'isNull', 'ignored'), true, 'an operator without a value');
    assert.deepEqual(state.query.filters, [
      { field: 'occurrenceCount', operator: '>', value: 3 },
      { field: 'name', operator: 'contains', value: 'Fan 2' },
      { field: 'status', operator: 'in', value: ['open', 'new'] },
      { field: 'ruleName', operator: 'isNull' },
    ]);
    assert.equal(state.query.page, 1);
    state.removeFilter(1);
    assert.deepEqual(
      state.query.filters.map((f) => f.field),
      ['occurrenceCount', 'status', 'ruleName'],
    );
  });

  it('goes only to a page there is', () => {
    const state = new InsightsState(undefined);
    state.total = 42;
    assert.equal(state.pageCount(10), 5);
    assert.equal(state.goToPage(6, 5), false);
    assert.equal(state.goToPage(0, 5), false);
    assert.equal(state.query.page, 1);
    assert.equal(state.goToPage(5, 5), true);
    assert.equal(state.query.page, 5);
    state.total = 0;
    assert.equal(state.pageCount(10), 1, 'an empty result is one page');
  });

  it('numbers the pages around the current one, with gaps', () => {
    assert.deepEqual(pageNumbers(1, 1), [1]);
    assert.deepEqual(pageNumbers(5, 10), [1, 0, 3, 4, 5, 6, 7, 0, 10]);
    assert.deepEqual(pageNumbers(2, 4), [1, 2, 3, 4]);
  });

  it('keeps column widths within bounds, and ignores kept widths that are not numbers or not its own', () => {
    const state = new InsightsState({ columnWidths: { name: 10, twinName: 5000.4, type: Number.NaN } });
    assert.equal(state.columnWidth('name'), 48);
    assert.equal(state.columnWidth('twinName'), 2000);
    assert.equal(state.columnWidth('type'), undefined);
    assert.equal(state.columnWidth('toString'), undefined);
    assert.equal(state.setColumnWidth('name', 120.6), 121);
    assert.deepEqual(state.panel.columnWidths, { name: 121, twinName: 5000.4, type: Number.NaN });
  });

  it('finds a loaded insight among the roots and their children', () => {
    const state = new InsightsState(undefined);
    state.rows = [{ root: insight('r'), children: [insight('c')] }];
    assert.equal(state.loadedInsight('c')?.id, 'c');
    assert.equal(state.loadedInsight('x'), undefined);
  });
});
