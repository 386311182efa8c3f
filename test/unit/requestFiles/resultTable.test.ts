import * as assert from 'node:assert/strict';
import { resultSeries, resultTable, tableCsv } from '../../../src/core/requestFiles/resultTable';
import { csvCell } from '../../../src/core/untrusted/csvText';

const TWINS = {
  content: [
    {
      id: 'R1',
      modelId: 'm:Room;1',
      lastUpdateTime: '2026-01-01T00:00:00Z',
      contents: { name: 'Lobby', area: 40, extra: { a: 1 } },
    },
    { id: 'R2', modelId: 'm:Room;1', contents: { name: 'Office' } },
  ],
  continuationToken: 't',
};

describe('result table', () => {
  it('a twins graph: one row per twin reached, the start first, each with its hop, relationship and the twin at its other end', () => {
    const twin = (id: string, name: string) => ({ id, modelId: 'm:Space;1', contents: { name } });
    const graph = {
      alias: 'floor',
      twin: twin('L1', 'Level 1'),
      related: [
        {
          alias: 'rooms',
          items: [
            {
              relationship: { name: 'isPartOf', sourceId: 'R1', targetId: 'L1' },
              twin: twin('R1', 'Lobby'),
              related: [
                {
                  alias: 'sensors',
                  items: [
                    {
                      relationship: { name: 'hostedBy', sourceId: 'S1', targetId: 'R1' },
                      twin: { id: 'S1', modelId: 'm:Sensor;1', contents: { name: 'Temp' } },
                      related: [],
                    },
                  ],
                },
              ],
            },
            {
              relationship: { name: 'feeds', sourceId: 'L1', targetId: 'R2' },
              twin: twin('R2', 'Office'),
              related: [],
            },
          ],
        },
      ],
    };
    const table = resultTable(graph);
    assert.equal(table.kind, 'twins');
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['id', 'modelId', 'alias', 'relationship', 'relatedTo', 'name', 'lastUpdateTime'],
    );
    assert.deepEqual(table.rows, [
      ['L1', 'm:Space;1', 'floor', null, null, 'Level 1', null],
      ['R1', 'm:Space;1', 'rooms', 'isPartOf', 'L1', 'Lobby', null],
      ['S1', 'm:Sensor;1', 'sensors', 'hostedBy', 'R1', 'Temp', null],
      ['R2', 'm:Space;1', 'rooms', 'feeds', 'L1', 'Office', null],
    ]);
    assert.deepEqual(
      resultTable({ twin: 'not an object', related: [] }).kind,
      'record',
      'only a graph-shaped answer is read as one',
    );
  });

  it("twins: id, model and name first, then the model's properties (inherited ones included) the rows hold, in the model's order", () => {
    const table = resultTable(TWINS, (id) => (id === 'm:Room;1' ? ['area', 'name', 'floorCode'] : []));
    assert.equal(table.kind, 'twins');
    assert.deepEqual(
      table.columns.map((c) => c.label),
      ['id', 'modelId', 'name', 'area', 'extra', 'lastUpdateTime'],
    );
    assert.deepEqual(table.rows, [
      ['R1', 'm:Room;1', 'Lobby', 40, '{"a":1}', '2026-01-01T00:00:00Z'],
      ['R2', 'm:Room;1', 'Office', null, null, null],
    ]);
  });

  it('time-series values: their own columns, and points by twin for the chart', () => {
    const page = {
      data: [
        { twinId: 'a', sourceTimestamp: '2026-01-01T00:00:00Z', scalarValue: 1 },
        { twinId: 'b', sourceTimestamp: '2026-01-01T00:00:00Z', scalarValue: 5 },
        { twinId: 'a', sourceTimestamp: '2026-01-01T00:01:00Z', scalarValue: 2 },
      ],
      continuationToken: null,
    };
    assert.equal(resultTable(page).kind, 'series');
    assert.deepEqual(
      resultTable(page).columns.map((c) => c.key),
      ['twinId', 'sourceTimestamp', 'scalarValue'],
    );
    assert.deepEqual(resultSeries(page), [
      { twinId: 'a', times: [Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-01-01T00:01:00Z')], values: [1, 2] },
      { twinId: 'b', times: [Date.parse('2026-01-01T00:00:00Z')], values: [5] },
    ]);
    assert.deepEqual(resultSeries(TWINS), []);
  });

  it('other lists by their fields; a single record as field/value rows; prototype keys dropped', () => {
    const insights = resultTable({
      items: [
        { id: 'i', priority: 1 },
        { id: 'j', status: 'open' },
      ],
      before: 0,
      after: 0,
      total: 2,
    });
    assert.equal(insights.kind, 'records');
    assert.deepEqual(
      insights.columns.map((c) => c.key),
      ['id', 'priority', 'status'],
    );
    const record = resultTable(JSON.parse('{ "count": 3, "__proto__": { "x": 1 } }'));
    assert.deepEqual([record.kind, record.rows], ['record', [['count', 3]]]);
  });

  it('CSV: quotes what needs it, numbers as numbers, formula-like text defused', () => {
    assert.deepEqual(
      ['a,b', 'say "hi"', '=SUM(A1)', '-2', 12.5, -3, null, true].map((v) => csvCell(v)),
      ['"a,b"', '"say ""hi"""', `"'=SUM(A1)"`, `"'-2"`, '12.5', '-3', '', 'true'],
    );
    assert.equal(
      tableCsv(resultTable(TWINS, () => ['name'])),
      'id,modelId,name,area,extra,lastUpdateTime\r\nR1,m:Room;1,Lobby,40,"{""a"":1}",2026-01-01T00:00:00Z\r\nR2,m:Room;1,Office,,,\r\n',
    );
  });
});
