import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { configureL10n } from '../../../src/shared/l10n';
import { countNumber, countText, setCountLanguage } from '../../../src/shared/countText';

const TWINS = { one: '{0} twin', other: '{0} twins' };

describe('counts in words (Intl)', () => {
  afterEach(() => {
    setCountLanguage('en');
    l10n.config({ contents: {} });
  });

  it('picks the form with English plural rules by default and groups thousands', () => {
    assert.equal(countText(1, TWINS), '1 twin');
    assert.equal(countText(0, TWINS), '0 twins');
    assert.equal(countText(2, TWINS), '2 twins');
    assert.equal(countText(1204, TWINS), '1,204 twins');
    assert.equal(countText(3, { one: '{0} child', other: '{0} children' }), '3 children');
    assert.equal(countNumber(1234567), '1,234,567');
  });

  it('lets a form leave the number out, and a language give the forms it has', () => {
    assert.equal(countText(1, { one: 'ein Kind', other: '{0} Kinder' }), 'ein Kind');
    setCountLanguage('pl');
    const files = { one: '{0} plik', few: '{0} pliki', many: '{0} plików', other: '{0} pliku' };
    assert.deepEqual(
      [1, 3, 5, 22, 1.5].map((n) => countText(n, files)),
      ['1 plik', '3 pliki', '5 plików', '22 pliki', '1,5 pliku'],
    );
    // A form the translation does not give is its `other`.
    assert.equal(countText(5, { one: '{0} plik', other: '{0} pliku' }), '5 pliku');
  });

  it('writes numbers as the language does once a translation in it is installed, English without one', () => {
    configureL10n(undefined, 'de');
    assert.equal(countText(1204, TWINS), '1,204 twins', 'no translation: texts and numbers stay English');
    configureL10n({ '{0} twin': '{0} Zwilling', '{0} twins': '{0} Zwillinge' }, 'de');
    assert.equal(countText(1204, TWINS), '1.204 twins');
    assert.equal(countText(1, TWINS), '1 twin');
    setCountLanguage('not a language tag!');
    assert.equal(countNumber(1204), '1.204', 'an invalid tag changes nothing');
  });
});
