import * as assert from 'node:assert/strict';
import { validateModelFiles } from '../../../../src/core/dtdl/validation/validateModels';
import { isDtdlText, ModelSet } from '../../../../src/extension/models/modelSet';

const iface = (id: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ '@context': 'dtmi:dtdl:context;3', '@id': id, '@type': 'Interface', ...extra }, null, 2);

describe('ModelSet (the DTDL files of a workspace folder, checked together)', () => {
  it('tells DTDL text from other JSON', () => {
    assert.equal(isDtdlText(iface('dtmi:a:B;1')), true);
    assert.equal(isDtdlText('{"name": "package", "version": "1.0.0"}'), false);
    assert.equal(isDtdlText('{"@context": "https://schema.org"}'), false);
  });

  it('resolves references across its files, shows a problem as it is typed and clears it when fixed', () => {
    const set = new ModelSet();
    set.set('a.json', iface('dtmi:a:Child;1', { extends: 'dtmi:a:Parent;1' }));
    let result = set.check(validateModelFiles);
    assert.deepEqual(
      result.get('a.json')?.map((p) => p.code),
      ['unresolvedReference'],
    );

    assert.equal(set.set('b.json', iface('dtmi:a:Parent;1')), true);
    result = set.check(validateModelFiles);
    assert.deepEqual(
      [...result].map(([f, p]) => [f, p.length]),
      [
        ['a.json', 0],
        ['b.json', 0],
      ],
    );

    set.set(
      'b.json',
      iface('dtmi:a:Parent;1', { contents: [{ '@type': 'Property', name: '1bad', schema: 'double' }] }),
    );
    result = set.check(validateModelFiles);
    assert.deepEqual(
      result.get('b.json')?.map((p) => [p.code, p.range.line]),
      [['stringInvalid', 7]],
    );
  });

  it('lists a file that left the set once more, with no problems, so its diagnostics are cleared', () => {
    const set = new ModelSet();
    set.set('a.json', iface('dtmi:a:Bad;0'));
    assert.equal(set.check(validateModelFiles).get('a.json')?.length, 1);
    assert.equal(set.set('a.json', '{"not": "dtdl"}'), true);
    assert.deepEqual([...set.check(validateModelFiles)], [['a.json', []]]);
    assert.deepEqual([...set.check(validateModelFiles)], []);
  });
});
