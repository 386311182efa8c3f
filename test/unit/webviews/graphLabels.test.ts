import * as assert from 'node:assert/strict';
import { cutInMiddle, shortLabels } from '../../../src/webviews/twinGraph/app/graphLabels';

/** About the graph's 110 px at 11 px: 18 characters. */
const fits = (text: string): boolean => [...text].length <= 18;

describe('twin graph labels', () => {
  it('keeps a label that fits whole', () => {
    assert.deepEqual([...shortLabels(new Map([['a', 'Level 2']]), fits)], [['a', 'Level 2']]);
  });

  it("drops the name of the twin a label is named after, so a room's sensors read apart", () => {
    const room = 'Level 1 Meeting room';
    const labels = new Map([
      ['room', room],
      ['co2', `${room} CO2 concentration`],
      ['temp', `${room} Zone air temperature`],
      ['people', `${room} People count`],
    ]);
    const shown = shortLabels(labels, fits);
    assert.equal(shown.get('people'), '…People count');
    assert.equal(new Set(shown.values()).size, 4, [...shown.values()].join(' | '));
    for (const label of shown.values()) assert.ok(fits(label), label);
    assert.match(shown.get('co2')!, /^…CO2/);
    assert.match(shown.get('temp')!, /ature$/, 'the end is kept');
    assert.match(shown.get('room')!, /^Level 1.*….*room$/, `cut in the middle: ${shown.get('room')}`);
  });

  it('cuts in the middle, keeping more of the end, when no other twin names it', () => {
    const shown = shortLabels(new Map([['x', 'Harbour Point chilled water plant 2']]), fits).get('x')!;
    assert.ok(fits(shown), shown);
    assert.match(shown, /^Harbou.*….*plant 2$/, shown);
    assert.equal(
      cutInMiddle('abcdefghijklmnopqrstuvwxyz', (t) => t.length <= 10),
      'abcd…vwxyz',
    );
  });

  it('never returns a label that does not fit, however small the room', () => {
    for (const max of [1, 2, 5, 9])
      assert.ok(cutInMiddle('Level 1 Meeting room 1', (t) => t.length <= max).length <= max, String(max));
  });

  it('matches whole words of another name only ("Level 10" is not named after "Level 1")', () => {
    const shown = shortLabels(
      new Map([
        ['l1', 'Level 1'],
        ['l10', 'Level 10 north wing meeting room'],
      ]),
      fits,
    );
    assert.match(shown.get('l10')!, /^Level 1/);
  });
});
