import * as assert from 'node:assert/strict';
import { readL10nBundle } from '../../../src/webviews/shared/webviewL10n';

describe('the translations a panel hands its webview', () => {
  it('are read back from the JSON the host writes into the page', () => {
    const bundle = {
      'Insights: {0}': 'Einblicke: {0}',
      'Load more/a comment': { message: 'Mehr laden', comment: ['a comment'] },
    };
    assert.deepEqual(readL10nBundle(JSON.stringify(bundle)), bundle);
  });

  it('leave the app in English when there are none or they cannot be read', () => {
    for (const text of [undefined, null, '', 'not json', '[]', '"text"', 'null'])
      assert.equal(readL10nBundle(text), undefined, String(text));
  });
});
