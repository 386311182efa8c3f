import * as assert from 'node:assert/strict';
import { dataTableModel } from '../../../src/webviews/timeSeries/app/dataTableModel';

describe('time series data table model', () => {
  it('has one row per time of any series, in time order, with a column per series and gaps left empty', () => {
    const model = dataTableModel(
      [
        { heading: 'Supply air [degC]', x: [3000, 1000, 2000], y: [13, 11, 12] },
        { heading: 'CO2 [ppm]', x: [2000, 4000], y: [420, 450] },
      ],
      0,
      10_000,
    );
    assert.deepEqual(model.headings, ['Supply air [degC]', 'CO2 [ppm]']);
    assert.deepEqual(model.rows, [
      { time: 1000, values: [11, undefined] },
      { time: 2000, values: [12, 420] },
      { time: 3000, values: [13, undefined] },
      { time: 4000, values: [undefined, 450] },
    ]);
  });

  it('keeps only the points within the visible range, ends included', () => {
    const model = dataTableModel([{ heading: 'a', x: [1, 2, 3, 4, 5], y: [10, 20, 30, 40, 50] }], 2, 4);
    assert.deepEqual(
      model.rows.map((r) => r.time),
      [2, 3, 4],
    );
    assert.deepEqual(
      model.rows.map((r) => r.values[0]),
      [20, 30, 40],
    );
  });

  it('keeps a zero value (not an empty cell) and has no rows without points', () => {
    assert.deepEqual(dataTableModel([{ heading: 'a', x: [5], y: [0] }], 0, 10).rows, [{ time: 5, values: [0] }]);
    assert.deepEqual(dataTableModel([{ heading: 'a', x: [], y: [] }], 0, 10), { headings: ['a'], rows: [] });
  });
});
