import * as assert from 'node:assert/strict';
import { describeEventFilter, eventsRequest, eventTypeName } from '../../../../src/extension/events/eventQuery';
import { eventFileContentType, uploadReport } from '../../../../src/extension/events/eventUpload';

const types = [
  { id: 1, name: 'CalendarEvent' },
  { id: 2, name: 'WeatherForecast' },
];

describe('event list requests', () => {
  it('asks for the newest first with no filter when unfiltered', () => {
    assert.deepEqual(eventsRequest({}, 1, 25), {
      page: 1,
      pageSize: 25,
      sortSpecifications: [{ field: 'startTime', sort: 'desc' }],
    });
  });

  it('filters by type numbers and a half-open start-time range', () => {
    const req = eventsRequest({ typeIds: [2], range: { start: Date.UTC(2024, 9, 1), end: Date.UTC(2024, 9, 2) } }, 3);
    assert.equal(req.page, 3);
    assert.deepEqual(req.filterSpecifications, [
      { field: 'eventTypeId', operator: 'in', value: [2] },
      { field: 'startTime', operator: '>=', value: '2024-10-01T00:00:00.000Z', filterConditionOperator: 'And' },
      { field: 'startTime', operator: '<', value: '2024-10-02T00:00:00.000Z', filterConditionOperator: 'And' },
    ]);
  });

  it('describes filters with type names, not numbers', () => {
    assert.equal(describeEventFilter({}, types), '');
    assert.equal(describeEventFilter({ typeIds: [2, 7] }, types), 'WeatherForecast, type 7');
    assert.equal(
      describeEventFilter({ range: { start: Date.UTC(2024, 9, 1), end: Date.UTC(2024, 9, 2, 6) } }, types),
      '2024-10-01 00:00 – 2024-10-02 06:00',
    );
    assert.equal(eventTypeName(1, types), 'CalendarEvent');
  });
});

describe('event file upload', () => {
  it('accepts .json and .csv only', () => {
    assert.equal(eventFileContentType('events.JSON'), 'application/json');
    assert.equal(eventFileContentType('a/b/events.csv'), 'text/csv');
    assert.throws(() => eventFileContentType('events.txt'), /\.json or \.csv files only; "events.txt" is neither/);
    assert.throws(() => eventFileContentType('README'), /neither/);
  });

  it('reports counts and one log line per rejected row', () => {
    const report = uploadReport(['events.csv'], {
      eventsCreatedCount: 3,
      eventsUpdatedCount: 1,
      errors: [{ file: 'events.csv', row: 4, message: 'twinId is required' }],
    });
    assert.equal(report.summary, 'Uploaded events.csv: 3 created, 1 updated, 1 row rejected.');
    assert.deepEqual(report.lines, [report.summary, '  events.csv row 4: twinId is required']);
    assert.equal(report.failedRows, 1);
    assert.equal(
      uploadReport(['a.json'], { eventsCreatedCount: 2, eventsUpdatedCount: 0, errors: [] }).summary,
      'Uploaded a.json: 2 created, 0 updated.',
    );
  });
});
