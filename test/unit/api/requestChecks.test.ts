import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import {
  checkBatchRequest,
  checkPageSize,
  checkTicketPatch,
  checkTimeSeriesEntries,
} from '../../../src/core/api/requestChecks';
import { TICKET_UPDATABLE_PROPERTIES } from '../../../src/core/api/types';

function refused(fn: () => void, pattern: RegExp): void {
  assert.throws(
    fn,
    (error: unknown) => error instanceof ApiError && error.kind === 'invalid-request' && pattern.test(error.oneLine),
  );
}

describe('request checks', () => {
  it('accepts a replace-only ticket patch on updatable properties', () => {
    checkTicketPatch([
      { op: 'replace', path: '/summary', value: 'Leak' },
      { op: 'replace', path: '/statusId', value: 's2' },
    ]);
    checkTicketPatch(TICKET_UPDATABLE_PROPERTIES.map((p) => ({ op: 'replace', path: `/${p}`, value: null })));
  });

  it('refuses other ticket patch operations, paths and sizes with a specific message', () => {
    refused(() => checkTicketPatch([{ op: 'add', path: '/summary', value: 'x' }]), /only "replace" operations/);
    refused(
      () => checkTicketPatch([{ op: 'replace', path: '/id', value: 'x' }]),
      /"\/id" is not an updatable ticket property/,
    );
    refused(() => checkTicketPatch([{ op: 'replace', path: 'summary', value: 'x' }]), /not an updatable/);
    refused(() => checkTicketPatch([{ op: 'replace', path: '/summary' }]), /needs a "value"/);
    refused(
      () =>
        checkTicketPatch([
          { op: 'replace', path: '/notes', value: 1 },
          { op: 'replace', path: '/notes', value: 2 },
        ]),
      /more than once/,
    );
    const tooMany = [...TICKET_UPDATABLE_PROPERTIES, 'summary'].map((p) => ({
      op: 'replace',
      path: `/${p}`,
      value: 'x',
    }));
    refused(() => checkTicketPatch(tooMany), new RegExp(`at most ${TICKET_UPDATABLE_PROPERTIES.length} operations`));
    refused(() => checkTicketPatch([]), /non-empty JSON Patch array/);
    refused(() => checkTicketPatch({ op: 'replace' }), /non-empty JSON Patch array/);
  });

  it('enforces documented page sizes', () => {
    checkPageSize('listTwins', 1000, 1000);
    refused(() => checkPageSize('listTwins', 1001, 1000), /pageSize must be an integer from 1 to 1000, got 1001/);
    refused(() => checkPageSize('listTwins', 0, 1000), /got 0/);
    refused(() => checkPageSize('getTimeSeries', 2.5), /positive integer/);
    checkBatchRequest('listTickets', { page: 1, pageSize: 1000 }, 1000);
    refused(() => checkBatchRequest('listTickets', { pageSize: 5000 }, 1000), /from 1 to 1000/);
    refused(() => checkBatchRequest('listEvents', { page: -1 }), /page must be a non-negative integer/);
    refused(
      () => checkBatchRequest('listEvents', { sortSpecifications: {} as never }),
      /sortSpecifications must be an array/,
    );
  });

  it('checks time series entries and names the bad index', () => {
    checkTimeSeriesEntries('sendTimeSeries', [
      { connectorId: 'c', dtId: 't', sourceTimestamp: '2024-10-01T00:00:00Z', scalarValue: 1 },
    ]);
    refused(() => checkTimeSeriesEntries('sendTimeSeries', []), /at least one/);
    refused(
      () =>
        checkTimeSeriesEntries('sendTimeSeries', [
          { connectorId: 'c', externalId: 'e', sourceTimestamp: '2024-10-01T00:00:00Z', scalarValue: 1 },
          { connectorId: 'c', sourceTimestamp: '2024-10-01T00:00:00Z', scalarValue: 1 },
        ]),
      /\[1\] must name its twin/,
    );
    refused(
      () =>
        checkTimeSeriesEntries('sendTimeSeries', [
          { connectorId: 'c', dtId: 't', sourceTimestamp: 'yesterday', scalarValue: 1 },
        ]),
      /\[0\]\.sourceTimestamp: "yesterday" is not an ISO 8601 date-time/,
    );
    refused(
      () =>
        checkTimeSeriesEntries('sendTimeSeries', [
          { connectorId: 'c', dtId: 't', sourceTimestamp: '2024-10-01T00:00:00Z', scalarValue: Number.NaN },
        ]),
      /finite number/,
    );
  });
});
