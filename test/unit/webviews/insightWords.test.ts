import * as assert from 'node:assert/strict';
import { INSIGHT_STATUSES, INSIGHT_TYPE_CODES, LEGACY_INSIGHT_STATUSES } from '../../../src/core/api/insightStatus';
import type { Insight } from '../../../src/core/api/types';
import { COLUMNS } from '../../../src/webviews/insights/app/insightColumns';
import { statusInWords, typeInWords } from '../../../src/webviews/insights/app/insightWords';

describe('insight statuses and types in words', () => {
  it('has words for every status and type the service knows', () => {
    for (const status of [...INSIGHT_STATUSES, ...LEGACY_INSIGHT_STATUSES]) {
      const words = statusInWords(status);
      assert.notEqual(words, status, status);
      assert.match(words, /^[A-Z][a-z]*( [a-z]+)*$/, words);
    }
    for (const type of Object.keys(INSIGHT_TYPE_CODES)) {
      const words = typeInWords(type);
      assert.notEqual(words, type, type);
      assert.match(words, /^[A-Z][a-z]*( [A-Za-z]+)*$/, words);
    }
    assert.equal(statusInWords('readyToResolve'), 'Ready to resolve');
    assert.equal(typeInWords('dataQuality'), 'Data quality');
  });

  it('shows a word it does not know as the service sent it, prototype keys included', () => {
    assert.equal(statusInWords('onHold'), 'onHold');
    assert.equal(typeInWords('constructor'), 'constructor');
    assert.equal(typeInWords('__proto__'), '__proto__');
    assert.equal(statusInWords(''), '');
  });

  it('shows statuses and types in words in the table, the service word in the title', () => {
    const status = COLUMNS.find((c) => c.field === 'status')!;
    const type = COLUMNS.find((c) => c.field === 'type')!;
    const insight = { id: 'i1', lastStatus: 'readyToResolve', status: 'inProgress', type: 'diagnostic' } as Insight;
    assert.equal(status.value(insight), 'Ready to resolve');
    assert.equal(status.title?.(insight), 'Ready to resolve (readyToResolve)');
    assert.equal(type.value(insight), 'Diagnostic');
    assert.equal(type.title?.(insight), 'Diagnostic (diagnostic)');
    const odd = { id: 'i2', lastStatus: 'onHold', type: 'custom' } as unknown as Insight;
    assert.equal(status.value(odd), 'onHold');
    assert.equal(status.title?.(odd), 'onHold');
    assert.match(status.sortNote ?? '', /Open, Ignored, In progress, Resolved, New, Ready to resolve/);
  });
});
