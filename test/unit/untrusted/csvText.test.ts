import * as assert from 'node:assert/strict';
import { csvCell, csvText } from '../../../src/core/untrusted/csvText';

describe('csvText (the one CSV writer of every export)', () => {
  it('writes text a spreadsheet would run as a formula as quoted text with a leading apostrophe', () => {
    for (const formula of [
      '=HYPERLINK("https://x","y")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\rcmd',
      '  =1+1',
      '\u00a0=1',
      '\uff1d1+1',
      '\uff20SUM(A1)',
    ]) {
      const cell = csvCell(formula);
      assert.ok(cell.startsWith(`"'`) && cell.endsWith('"'), `${JSON.stringify(formula)} -> ${cell}`);
      assert.equal(cell.slice(2, -1).replace(/""/g, '"'), formula, 'the text itself is kept');
    }
  });

  it('leaves numbers, booleans and plain text as they are, quotes separators and quotes', () => {
    assert.deepEqual([12.5, -3, true, null, undefined, 'Lobby', 'a,b', 'say "hi"', 'two\nlines', 'x=1'].map(csvCell), [
      '12.5',
      '-3',
      'true',
      '',
      '',
      'Lobby',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      'x=1',
    ]);
  });

  it('writes a header and rows with CRLF line ends', () => {
    assert.equal(
      csvText(
        ['a', 'b'],
        [
          [1, '=x'],
          ['y', null],
        ],
      ),
      `a,b\r\n1,"'=x"\r\ny,\r\n`,
    );
  });
});
