import * as assert from 'node:assert/strict';
import {
  ModelSetValidator,
  validateModelFiles,
  type ModelFile,
} from '../../../src/core/dtdl/validation/validateModels';

function iface(id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    { '@context': 'dtmi:dtdl:context;3', '@id': id, '@type': 'Interface', contents: [], ...extra },
    null,
    2,
  );
}

const brief = (files: readonly ModelFile[], validator: ModelSetValidator) =>
  validator.validate(files).map((p) => `${p.file}:${p.range.line}:${p.range.column} ${p.code}`);
const fromScratch = (files: readonly ModelFile[]) =>
  validateModelFiles(files).map((p) => `${p.file}:${p.range.line}:${p.range.column} ${p.code}`);

describe('ModelSetValidator (incremental DTDL validation)', () => {
  it('walks only new and changed files again, and forgets files left out', () => {
    const validator = new ModelSetValidator();
    const files = [
      { file: 'a.json', text: iface('dtmi:ex:A;1') },
      { file: 'b.json', text: iface('dtmi:ex:B;1') },
      { file: 'c.json', text: iface('dtmi:ex:C;1') },
    ];
    validator.validate(files);
    assert.deepEqual(validator.lastRun, { walked: 3, reused: 0 });
    validator.validate([files[0], { file: 'b.json', text: iface('dtmi:ex:B;2') }, files[2]]);
    assert.deepEqual(validator.lastRun, { walked: 1, reused: 2 });
    validator.validate([files[0]]);
    assert.deepEqual(validator.lastRun, { walked: 0, reused: 1 });
    validator.validate(files);
    assert.deepEqual(validator.lastRun, { walked: 2, reused: 1 });
  });

  it('re-runs the checks across files over cached ones: an edit elsewhere breaks and mends a reference', () => {
    const validator = new ModelSetValidator();
    const child = { file: 'child.json', text: iface('dtmi:ex:Child;1', { extends: 'dtmi:ex:Base;1' }) };
    const base = { file: 'base.json', text: iface('dtmi:ex:Base;1') };
    const renamed = { file: 'base.json', text: iface('dtmi:ex:Basis;1') };
    for (const files of [
      [child, base],
      [child, renamed],
      [child, base],
    ]) {
      const found = brief(files, validator);
      assert.deepEqual(found, fromScratch(files));
      assert.equal(found.length, files[1] === renamed ? 1 : 0, found.join('\n'));
    }
    assert.match(brief([child, renamed], validator)[0], /^child\.json:\d+:\d+ unresolvedReference$/);
  });

  it('checks an unchanged interface again along its inheritance chain when an ancestor changes', () => {
    const validator = new ModelSetValidator();
    const content = (name: string) => [{ '@type': 'Property', name, schema: 'double' }];
    const child = {
      file: 'child.json',
      text: iface('dtmi:ex:Child;1', { extends: 'dtmi:ex:Base;1', contents: content('level') }),
    };
    const clashing = { file: 'base.json', text: iface('dtmi:ex:Base;1', { contents: content('level') }) };
    const distinct = { file: 'base.json', text: iface('dtmi:ex:Base;1', { contents: content('height') }) };
    assert.deepEqual(brief([child, distinct], validator), []);
    const clash = brief([child, clashing], validator);
    assert.equal(validator.lastRun.walked, 1);
    assert.deepEqual(clash, fromScratch([child, clashing]));
    assert.ok(
      clash.some((p) => p.endsWith('nonUniqueImportedPropertyValue')),
      clash.join('\n'),
    );
    assert.deepEqual(brief([child, distinct], validator), []);
  });

  it('reports an id defined in two files at the later file, whichever file was edited', () => {
    const validator = new ModelSetValidator();
    const first = { file: 'first.json', text: iface('dtmi:ex:Same;1') };
    const second = { file: 'second.json', text: iface('dtmi:ex:Other;1') };
    assert.deepEqual(brief([first, second], validator), []);
    const clash = { file: 'second.json', text: iface('dtmi:ex:Same;1') };
    assert.deepEqual(brief([first, clash], validator), ['second.json:2:9 duplicateDefinition']);
    assert.deepEqual(brief([first, clash], validator), fromScratch([first, clash]));
    assert.equal(validator.lastRun.walked, 0);
  });
});
