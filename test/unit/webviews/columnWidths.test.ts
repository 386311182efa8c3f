import * as assert from 'node:assert/strict';
import {
  layOutColumns,
  shortColumnWidth,
  WIDE_COMFORT_PX,
  WIDE_MIN_PX,
  type ColumnNeed,
} from '../../../src/webviews/insights/app/columnWidths';

/** The insights table's columns as measured in the panel (px, padding included). */
const NEEDS: ColumnNeed[] = [
  { field: 'name', min: WIDE_MIN_PX, want: WIDE_MIN_PX, wide: true, dropRank: 0 },
  { field: 'twinName', min: WIDE_MIN_PX, want: WIDE_MIN_PX, wide: true, dropRank: 0 },
  { field: 'type', min: 56, want: 110, wide: false, dropRank: 2 },
  { field: 'priority', min: 56, want: 84, wide: false, dropRank: 1 },
  { field: 'status', min: 56, want: 118, wide: false, dropRank: 0 },
  { field: 'occurrenceCount', min: 56, want: 120, wide: false, dropRank: 4 },
  { field: 'updatedDate', min: 56, want: 92, wide: false, dropRank: 3 },
];

function total(widths: Map<string, number>): number {
  return [...widths.values()].reduce((a, b) => a + b, 0);
}

describe('insights table column layout', () => {
  it('gives every column what it wants when there is room, and the rest to Name and Twin', () => {
    const { widths, hidden } = layOutColumns(NEEDS, 1000);
    assert.deepEqual(hidden, []);
    for (const need of NEEDS.filter((n) => !n.wide)) assert.equal(widths.get(need.field), need.want, need.field);
    assert.equal(widths.get('name'), widths.get('twinName'));
    assert.ok(total(widths) <= 1000 && total(widths) >= 999, `all of the width is used: ${total(widths)}`);
  });

  it('grows Name and Twin to a comfortable width before the short columns, every column above its minimum', () => {
    const { widths, hidden } = layOutColumns(NEEDS, 600);
    assert.deepEqual(hidden, []);
    assert.equal(widths.get('name'), WIDE_COMFORT_PX);
    for (const need of NEEDS) assert.ok(widths.get(need.field)! >= need.min, need.field);
    assert.ok(widths.get('status')! < 118, 'short columns share what is left');
    assert.ok(total(widths) <= 600);
  });

  it('leaves out the least needed columns first when the minimums do not fit, never Name, Twin or Status', () => {
    assert.deepEqual(layOutColumns(NEEDS, 440).hidden, []);
    assert.deepEqual(layOutColumns(NEEDS, 439).hidden, ['occurrenceCount']);
    assert.deepEqual(layOutColumns(NEEDS, 330).hidden, ['occurrenceCount', 'updatedDate']);
    const narrow = layOutColumns(NEEDS, 200);
    assert.deepEqual(narrow.hidden, ['occurrenceCount', 'updatedDate', 'type', 'priority']);
    assert.deepEqual([...narrow.widths.keys()], ['name', 'twinName', 'status']);
    for (const available of [200, 330, 439, 600]) {
      const { widths } = layOutColumns(NEEDS, available);
      assert.ok(total(widths) <= available || available < 216, `${available}: ${total(widths)}`);
      for (const [field, px] of widths) assert.ok(px >= 56, `${available}: ${field} ${px}`);
    }
  });

  it("leaves out the least needed column rather than cut a short column's header", () => {
    // Occurrences' header needs 100 px: at 600 px the short columns share too little to show it whole.
    const needs = NEEDS.map((n) => (n.field === 'occurrenceCount' ? { ...n, header: 100 } : n));
    const { widths, hidden } = layOutColumns(needs, 600);
    assert.deepEqual(hidden, ['occurrenceCount']);
    for (const need of needs.filter((n) => n.header !== undefined && !hidden.includes(n.field)))
      assert.ok(widths.get(need.field)! >= need.header!, need.field);
    assert.deepEqual(layOutColumns(needs, 1000).hidden, [], 'with room, nothing is left out');
  });

  it('keeps a width the user set as it is', () => {
    const needs = NEEDS.map((n) => (n.field === 'name' ? { ...n, min: 300, want: 300, wide: false } : n));
    const { widths } = layOutColumns(needs, 1000);
    assert.equal(widths.get('name'), 300);
    assert.equal(widths.get('twinName'), 1000 - 300 - 110 - 84 - 118 - 120 - 92, 'Twin takes the rest');
  });

  it('wants a short column as wide as its header with the sort arrow, or its widest value', () => {
    assert.equal(shortColumnWidth(40, 12, 30), 60);
    assert.equal(shortColumnWidth(40, 12, 70.2), 79);
  });
});
