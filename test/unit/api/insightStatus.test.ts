import * as assert from 'node:assert/strict';
import {
  currentInsightStatus,
  INSIGHT_STATUSES,
  isInsightStatus,
  isLegacyInsightStatus,
  legacyInsightStatus,
  LEGACY_INSIGHT_STATUSES,
  shownInsightStatus,
} from '../../../src/core/api/insightStatus';

describe('insight statuses (current lastStatus, legacy status)', () => {
  it('maps every current status to its legacy word as the service does', () => {
    const expected = {
      open: 'open',
      ignored: 'acknowledged',
      inProgress: 'inProgress',
      resolved: 'closed',
      new: 'open',
      readyToResolve: 'inProgress',
    };
    assert.deepEqual(Object.fromEntries(INSIGHT_STATUSES.map((s) => [s, legacyInsightStatus(s)])), expected);
  });

  it('maps every legacy word back to a current status that maps to it again', () => {
    assert.deepEqual(LEGACY_INSIGHT_STATUSES.map(currentInsightStatus), ['open', 'ignored', 'inProgress', 'resolved']);
    for (const legacy of LEGACY_INSIGHT_STATUSES)
      assert.equal(legacyInsightStatus(currentInsightStatus(legacy)), legacy);
  });

  it('tells the two vocabularies apart, case-sensitively', () => {
    assert.equal(isInsightStatus('readyToResolve'), true);
    assert.equal(isInsightStatus('closed'), false);
    assert.equal(isInsightStatus('Resolved'), false);
    assert.equal(isLegacyInsightStatus('acknowledged'), true);
    assert.equal(isLegacyInsightStatus('new'), false);
    assert.equal(isInsightStatus('toString'), false);
  });

  it('shows the current status, else the legacy one, else nothing', () => {
    assert.equal(shownInsightStatus({ status: 'open', lastStatus: 'new' }), 'new');
    assert.equal(shownInsightStatus({ status: 'closed' }), 'closed');
    assert.equal(shownInsightStatus({ status: 3 }), '');
    assert.equal(shownInsightStatus({}), '');
  });
});
