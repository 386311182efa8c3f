import * as assert from 'node:assert/strict';
import {
  addRequest,
  insightsRequest,
  timeSeriesRequest,
  twinsRequest,
} from '../../../src/core/requestFiles/requestFileEdits';
import { parseRequestFile } from '../../../src/core/requestFiles/requestFileParser';

describe('save as request', () => {
  it('a filtered twin group becomes a twins list with the same filters', () => {
    const draft = twinsRequest('Rooms named Lobby', {
      modelFilter: { modelIds: ['m:Room;1'], exactModelMatch: false },
      propertyFilter: { field: 'name', operator: 'contains', value: 'Lobby' },
    });
    assert.deepEqual(draft, {
      name: 'Rooms named Lobby',
      operation: 'twins list',
      query: { 'page-size': 100 },
      body: {
        modelFilter: { modelIds: ['m:Room;1'], exactModelMatch: false },
        propertyFilter: { field: 'name', operator: 'contains', value: 'Lobby' },
      },
    });
  });

  it('an insights filter keeps its sort and filters, not its page', () => {
    assert.deepEqual(
      insightsRequest('P1', {
        page: 3,
        pageSize: 50,
        filterSpecifications: [{ field: 'priority', operator: '=', value: 1 }],
      }),
      {
        name: 'P1',
        operation: 'insights list',
        body: { pageSize: 50, filterSpecifications: [{ field: 'priority', operator: '=', value: 1 }] },
      },
    );
  });

  it('a chart range becomes a timeseries get of its twins between its ends', () => {
    assert.deepEqual(timeSeriesRequest('CO2', ['a'], Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2)).query, {
      twinId: 'a',
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-01-02T00:00:00.000Z',
    });
    assert.deepEqual(timeSeriesRequest('CO2', ['a', 'b'], 0, 1).query?.twinId, ['a', 'b']);
  });

  it('adds to a new file, then to an existing one keeping its comments, with a unique name', () => {
    const first = addRequest('', twinsRequest('Rooms', {}));
    assert.equal(first.name, 'Rooms');
    const commented = first.text.replace('{', '{\n  // kept');
    const second = addRequest(commented, timeSeriesRequest('Rooms', ['a'], 0, 1000));
    assert.equal(second.name, 'Rooms (2)');
    assert.ok(second.text.includes('// kept'));
    const { file, problems } = parseRequestFile(second.text);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      file.requests.map((r) => [r.name, r.operation]),
      [
        ['Rooms', 'twins list'],
        ['Rooms (2)', 'timeseries get'],
      ],
    );
  });

  it('refuses a file that is not a request file', () => {
    assert.throws(() => addRequest('[1]', twinsRequest('x', {})), /not a request file/);
    assert.throws(() => addRequest('{ "requests": 1 }', twinsRequest('x', {})), /"requests" in the file is not a list/);
  });
});
