// A panel's app shows its text in the display language: the module every app imports first installs the bundle the
// host wrote into the page, and `l10n.t` then answers from it. Loaded here against a stand-in for the page's body.
// Afterwards the bundle is emptied again, so other tests read English.
import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { countNumber, setCountLanguage } from '../../../src/shared/countText';
import { configureL10n } from '../../../src/shared/l10n';
import { L10N_BUNDLE_ATTRIBUTE } from '../../../src/webviews/shared/webviewL10n';

const INSTALL = '../../../src/webviews/shared/app/installL10n';
const GERMAN = {
  Apply: 'Übernehmen',
  '{0} of {1} on this page, {2}/{1} is "42 root insights", {2} "7 children"': {
    message: '{0} von {1} auf dieser Seite, {2}',
    comment: ['{1} is "42 root insights", {2} "7 children"'],
  },
};

function loadPage(attributes: Record<string, string>, lang = 'de'): void {
  (globalThis as { document?: unknown }).document = {
    documentElement: { lang },
    body: { getAttribute: (name: string) => attributes[name] ?? null },
  };
  delete require.cache[require.resolve(INSTALL)];
  require(INSTALL);
}

describe('a panel app in the display language', () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
    l10n.config({ contents: {} });
    setCountLanguage('en');
  });

  it('installs the bundle the page carries', () => {
    loadPage({ [L10N_BUNDLE_ATTRIBUTE]: JSON.stringify(GERMAN) });
    assert.equal(l10n.t('Apply'), 'Übernehmen');
    const summary = l10n.t({
      message: '{0} of {1} on this page, {2}',
      args: [10, '42 Wurzeln', '7 Kinder'],
      comment: ['{1} is "42 root insights", {2} "7 children"'],
    });
    assert.equal(summary, '10 von 42 Wurzeln auf dieser Seite, 7 Kinder');
    assert.equal(l10n.t('Export CSV'), 'Export CSV', 'a text the bundle lacks stays English');
    assert.equal(countNumber(1204), '1.204', "counts follow the page's language with its bundle");
  });

  it('stays English without a bundle in the page', () => {
    loadPage({});
    assert.equal(l10n.t('Apply'), 'Apply');
    assert.equal(countNumber(1204), '1,204');
  });

  it('the extension host installs the bundle of VS Code the same way (activation)', () => {
    configureL10n(GERMAN, 'de');
    assert.equal(countNumber(1204), '1.204');
    assert.equal(l10n.t('Apply'), 'Übernehmen');
    assert.equal(l10n.t('Loading {0} – {1}…', 'a', 'b'), 'Loading a – b…');
  });
});
