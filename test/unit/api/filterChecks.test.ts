import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import {
  checkFilterSpecifications,
  checkPropertyFilter,
  checkSortSpecifications,
} from '../../../src/core/api/filterChecks';
import { FILTER_OPERATORS, serviceOperatorFor } from '../../../src/core/api/filterVocabulary';
import { checkBatchRequest } from '../../../src/core/api/requestChecks';
import type { BatchRequest, PropertyFilter } from '../../../src/core/api/types';
import { FakeService } from './fakeService';

function refused(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.kind, 'invalid-request');
    assert.match(error.oneLine, pattern);
    return true;
  });
}

const loose = <T>(value: unknown) => value as T;

describe('client checks of sorts and filters (before sending)', () => {
  it('accepts every operator the service spells, with values that fit', () => {
    const filterSpecifications = FILTER_OPERATORS.map((operator) => ({
      field: 'name',
      operator,
      value: ['in', 'notin', 'containedIn'].includes(operator) ? ['a'] : 'a',
    }));
    checkBatchRequest('listInsights', {
      filterSpecifications,
      sortSpecifications: [
        { field: 'name', sort: 'asc' },
        { field: 'id', sort: 'desc' },
      ],
    });
    checkFilterSpecifications('listEvents', [
      { field: 'endTime', operator: 'isNull' },
      { field: 'name', operator: 'isNotEmpty', value: null },
    ]);
  });

  it("refuses other spellings and cases, naming the service's word when one fits", () => {
    refused(
      () => checkFilterSpecifications('listEvents', [{ field: 'startTime', operator: 'gte', value: 'x' }]),
      /filterSpecifications\[0\]: the service has no operator "gte"; use ">="/,
    );
    refused(
      () =>
        checkFilterSpecifications('listInsights', [
          { field: 'a', operator: '=', value: 1 },
          { field: 'b', operator: 'eq', value: 1 },
        ]),
      /filterSpecifications\[1\]: .*"eq"; use "="/,
    );
    refused(
      () => checkFilterSpecifications('listInsights', [{ field: 'name', operator: 'StartsWith', value: 'a' }]),
      /use "startsWith"/,
    );
    refused(
      () => checkFilterSpecifications('listInsights', [{ field: 'name', operator: 'between', value: 1 }]),
      /no operator "between"; use one of the service's words \(operators are case-sensitive: containedIn contains/,
    );
    refused(
      () => checkFilterSpecifications('listInsights', [loose({ field: 'name', value: 1 })]),
      /no operator undefined/,
    );
  });

  it('requires a value except for isNull, isNotNull, isEmpty, isNotEmpty, and a non-empty array for in, notin, containedIn', () => {
    refused(
      () => checkFilterSpecifications('listTickets', [{ field: 'summary', operator: 'contains' }]),
      /filterSpecifications\[0\]: contains requires value to be assigned/,
    );
    refused(
      () => checkFilterSpecifications('listTickets', [{ field: 'id', operator: 'in', value: [] }]),
      /in requires value to be a non-empty collection/,
    );
    refused(
      () => checkFilterSpecifications('listTickets', [{ field: 'id', operator: 'notin', value: 'a' }]),
      /notin requires value to be a non-empty collection/,
    );
  });

  it('requires a field in every filter and sort', () => {
    refused(
      () => checkFilterSpecifications('listInsights', [loose({ operator: '=', value: 1 })]),
      /filterSpecifications\[0\] needs a field/,
    );
    refused(
      () => checkSortSpecifications('listInsights', [loose({ field: ' ', sort: 'asc' })]),
      /sortSpecifications\[0\] needs a field/,
    );
    refused(() => checkFilterSpecifications('listInsights', loose({})), /filterSpecifications must be an array/);
  });

  it('requires sort "asc" or "desc"; isSortDescending alone is refused with the reason', () => {
    checkSortSpecifications('listInsights', [{ field: 'name', sort: loose('DESC') }]);
    refused(
      () => checkSortSpecifications('listInsights', [loose({ field: 'updatedDate', isSortDescending: true })]),
      /sortSpecifications\[0\] needs sort "asc" or "desc", got undefined \(isSortDescending is computed by the service and ignored when sent\)/,
    );
    refused(
      () =>
        checkSortSpecifications('listInsights', [
          { field: 'name', sort: 'asc' },
          { field: 'id', sort: loose('descending') },
        ]),
      /sortSpecifications\[1\] needs sort/,
    );
  });

  it('checks a twins property filter and its nested filters the same way', () => {
    checkPropertyFilter('listTwins', {
      filterConditionOperator: 'Or',
      filters: [
        { field: 'externalID', operator: '=', value: 'X' },
        { field: 'serialNumber', operator: 'isNotNull' },
      ],
    });
    refused(
      () => checkPropertyFilter('listTwins', loose<PropertyFilter>({ field: 'levelNumber', operator: 'ge', value: 2 })),
      /propertyFilter: the service has no operator "ge"; use ">="/,
    );
    refused(
      () =>
        checkPropertyFilter('countTwins', {
          filters: [{ field: 'name', operator: 'contains', value: 'a' }, loose({ field: 'x', operator: 'exists' })],
        }),
      /propertyFilter\.filters\[1\]: .*"exists"; use "isNotNull"/,
    );
    refused(
      () => checkPropertyFilter('listTwins', loose({ operator: '=', value: 1 })),
      /propertyFilter has an operator but no field/,
    );
  });

  it("reads familiar words as the service's", () => {
    const table: Record<string, string> = {
      eq: '=',
      ne: '!=',
      neq: '!=',
      gt: '>',
      ge: '>=',
      gte: '>=',
      lt: '<',
      le: '<=',
      lte: '<=',
      exists: 'isNotNull',
      StartsWith: 'startsWith',
      NOTIN: 'notin',
      '=': '=',
    };
    for (const [word, expected] of Object.entries(table)) assert.equal(serviceOperatorFor(word), expected, word);
    assert.equal(serviceOperatorFor('between'), undefined);
  });

  it('refuses before anything is sent: list, iterate and count', async () => {
    const fake = await FakeService.start((request) =>
      request.path === '/oauth2/token'
        ? undefined
        : { status: 200, body: { before: 0, after: 0, total: 0, items: [] } },
    );
    try {
      const client = fake.client();
      const bad: BatchRequest = { sortSpecifications: [loose({ field: 'updatedDate', isSortDescending: true })] };
      await assert.rejects(
        async () => client.listInsights(bad),
        (e: unknown) => e instanceof ApiError && e.kind === 'invalid-request',
      );
      await assert.rejects(async () => {
        for await (const _ of client.iterateTickets({
          filterSpecifications: [loose({ field: 'a', operator: 'eq', value: 1 })],
        })) {
          /* nothing */
        }
      }, ApiError);
      await assert.rejects(
        async () => client.listEvents({ filterSpecifications: [{ field: 'startTime', operator: 'in', value: [] }] }),
        ApiError,
      );
      await assert.rejects(
        async () => client.countTwins({ propertyFilter: loose({ field: 'a', operator: 'eq', value: 1 }) }),
        ApiError,
      );
      await assert.rejects(
        async () => client.listTwins({ propertyFilter: loose({ field: 'a', operator: 'gt', value: 1 }) }),
        ApiError,
      );
      assert.equal(fake.apiRequests.length, 0, 'nothing was sent');
      await client.listInsights({
        sortSpecifications: [{ field: 'updatedDate', sort: 'desc' }],
        filterSpecifications: [{ field: 'status', operator: '=', value: 'open' }],
      });
      assert.equal(fake.apiRequests.length, 1, 'a valid request goes out');
      assert.deepEqual(JSON.parse(fake.apiRequests[0].body).sortSpecifications, [
        { field: 'updatedDate', sort: 'desc' },
      ]);
    } finally {
      await fake.close();
    }
  });
});
