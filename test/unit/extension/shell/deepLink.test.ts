import * as assert from 'node:assert/strict';
import { type DeepLink, deepLinkParts, parseDeepLink } from '../../../../src/extension/deepLinks/deepLink';

/** What the extension receives for a link: VS Code decodes the path and query before handing them over. */
function received(link: DeepLink): DeepLink {
  const { path, query } = deepLinkParts(link);
  return parseDeepLink(decodeURIComponent(path), decodeURIComponent(query));
}

describe('deep links', () => {
  it('round-trips every action, with ids holding spaces, "+", "%", "/", "=" and non-Latin letters', () => {
    const links: DeepLink[] = [
      { action: 'twin', connection: 'Site A prod', twinId: 'AHU+1 50%/north=ß' },
      { action: 'model', connection: 'Local emulator', modelId: 'dtmi:com:willowinc:Room;1' },
      { action: 'timeSeries', connection: 'Prod', twinId: 'PNT-Zone temp ★' },
      {
        action: 'addConnection',
        name: 'Team prod',
        baseUrl: 'https://contoso.example.com/api/v3',
        clientId: 'c=1',
        readOnly: true,
      },
      {
        action: 'addConnection',
        name: 'Dev',
        baseUrl: 'https://dev.example.com/api/v3',
        clientId: 'c',
        readOnly: false,
      },
    ];
    for (const link of links) assert.deepEqual(received(link), link);
  });

  it('resolves an instance name in an add-connection link and reads what a person typed', () => {
    assert.deepEqual(parseDeepLink('/addConnection', 'name=Contoso&baseUrl=contoso&clientId=app'), {
      action: 'addConnection',
      name: 'Contoso',
      baseUrl: 'https://contoso.app.willowinc.com/api/v3',
      clientId: 'app',
      readOnly: false,
    });
  });

  it('refuses a link carrying a secret or a token, without repeating its value', () => {
    const leaked = 'leaked-value-31f';
    for (const query of [
      `name=A&baseUrl=contoso&clientId=c&clientSecret=${leaked}`,
      `name=A&baseUrl=contoso&clientId=c&access_token=${leaked}`,
      `name=A&baseUrl=contoso&clientId=c&password=${leaked}`,
    ]) {
      assert.throws(
        () => parseDeepLink('/addConnection', query),
        (err: Error) => /carries a secret or token/.test(err.message) && !err.message.includes(leaked),
      );
    }
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    assert.throws(() => parseDeepLink('/twin', `connection=Prod&id=${jwt}`), /carries a secret or token \("id"\)/);
    assert.throws(
      () => parseDeepLink('/addConnection', 'name=A&baseUrl=https://me:pw@contoso.example.com&clientId=c'),
      /must not contain credentials/,
    );
  });

  it('opens only its actions, with their parameters, once each', () => {
    for (const path of ['/deleteTwin', '/__proto__', '/constructor', '/', '/twin/x'])
      assert.throws(() => parseDeepLink(path, 'connection=Prod&id=x'), /Building Twins links can open twin, model/);
    assert.throws(() => parseDeepLink('/twin', 'connection=Prod&id=x&patch=1'), /A "twin" link takes no "patch"/);
    assert.throws(() => parseDeepLink('/twin', 'connection=Prod&id=x&id=y'), /gives "id" twice/);
    assert.throws(() => parseDeepLink('/twin', 'connection=Prod'), /The "twin" link lacks id/);
    assert.throws(() => parseDeepLink('/twin', 'connection=Prod&id=a\u001b[2Jb'), /control characters/);
    assert.throws(() => parseDeepLink('/model', 'connection=Prod&id=Room'), /not a model id/);
    assert.throws(
      () => parseDeepLink('/addConnection', 'name=A&baseUrl=http://twins.example.com&clientId=c'),
      /Plain http is refused/,
    );
    assert.throws(() => parseDeepLink('/addConnection', 'name=A/B&baseUrl=contoso&clientId=c'), /cannot contain/);
    assert.throws(
      () => parseDeepLink('/addConnection', 'name=A&baseUrl=contoso&clientId=c&readOnly=yes'),
      /true or false/,
    );
  });

  it('will not make a link of a value with "&", which VS Code would split', () => {
    assert.throws(() => deepLinkParts({ action: 'twin', connection: 'Prod', twinId: 'A&B' }), /"A&B" holds "&"/);
  });
});
