import * as assert from 'node:assert/strict';
import { matchRanges, splitByMatches } from '../../../src/webviews/insights/app/findMatches';
import { impactScoreRows } from '../../../src/webviews/insights/app/impactScoreRows';

describe('insights panel: find in panel', () => {
  it('finds every occurrence, ignoring case, without overlaps', () => {
    assert.deepEqual(matchRanges('Fan fault: FAN stuck', 'fan'), [
      [0, 3],
      [11, 14],
    ]);
    assert.deepEqual(matchRanges('aaaa', 'aa'), [
      [0, 2],
      [2, 4],
    ]);
    assert.deepEqual(matchRanges('nothing here', 'xyz'), []);
    assert.deepEqual(matchRanges('anything', ''), []);
  });

  it('splits text into plain and matched pieces that join back to the text', () => {
    const pieces = splitByMatches('Zone CO2 high in zone 3', 'zone');
    assert.deepEqual(pieces, [
      { text: 'Zone', match: true },
      { text: ' CO2 high in ', match: false },
      { text: 'zone', match: true },
      { text: ' 3', match: false },
    ]);
    assert.equal(pieces.map((p) => p.text).join(''), 'Zone CO2 high in zone 3');
    assert.deepEqual(splitByMatches('', 'x'), [{ text: '', match: false }]);
  });

  it('keeps spans on the text when lower-casing changes its length', () => {
    const text = 'İstanbul office';
    for (const [start, end] of matchRanges(text, 'office')) assert.equal(text.slice(start, end), 'office');
  });
});

describe('insights panel: impact scores table', () => {
  const format = (n: number) => n.toFixed(1);

  it('turns a list of scores into rows with formatted values and units', () => {
    assert.deepEqual(
      impactScoreRows(
        [
          { name: 'Daily avoidable cost', value: 12.345, unit: 'USD' },
          { name: 'Comfort', value: 3 },
        ],
        format,
      ),
      [
        { name: 'Daily avoidable cost', value: '12.3', unit: 'USD' },
        { name: 'Comfort', value: '3.0', unit: '' },
      ],
    );
    assert.deepEqual(impactScoreRows([], format), []);
  });

  it('refuses anything that is not a list of scores (shown as JSON instead)', () => {
    assert.equal(impactScoreRows({ name: 'x', value: 1 }, format), undefined);
    assert.equal(impactScoreRows([{ name: 'x' }], format), undefined);
    assert.equal(impactScoreRows([{ name: 1, value: 1 }], format), undefined);
    assert.equal(impactScoreRows([{ name: 'x', value: 1, unit: 5 }], format), undefined);
    assert.equal(impactScoreRows([null], format), undefined);
  });
});
