import * as assert from 'node:assert/strict';
import { instanceOf, listOf, normaliseArgs, oneOf, options, text } from '../../../src/extension/shell/commandArgs';
import { accepts } from '../../../src/extension/shell/commandTypes';

class Row {
  constructor(readonly id: string) {}
}
class TwinRow extends Row {}
class OtherRow extends Row {}
class Uri {
  constructor(readonly path: string) {}
}

describe('command arguments', () => {
  const twin = new TwinRow('t');
  const other = new OtherRow('o');

  it('keep what each parameter accepts and drop the rest, as VS Code passes them from each place', () => {
    const goToTwin = [text];
    assert.deepEqual(normaliseArgs([], goToTwin), [], 'palette');
    assert.deepEqual(
      normaliseArgs([twin, [twin]], goToTwin),
      [],
      'view title with a row selected: the row is not a twin id',
    );
    assert.deepEqual(normaliseArgs(['HP-L01'], goToTwin), ['HP-L01'], 'another command or a test');

    const filterTwins = [options];
    assert.deepEqual(normaliseArgs([other, [other]], filterTwins), [], 'a model group is not a filter');
    assert.deepEqual(normaliseArgs([{ modelId: 'dtmi:x;1' }], filterTwins), [{ modelId: 'dtmi:x;1' }]);

    const openTwin = [oneOf(instanceOf(TwinRow), text), text];
    assert.deepEqual(
      normaliseArgs([twin, [twin]], openTwin),
      [twin],
      'row menu: the clicked row, the selection dropped',
    );
    assert.deepEqual(
      normaliseArgs(['Local emulator', 'T-1'], openTwin),
      ['Local emulator', 'T-1'],
      "a tree item's own command",
    );
    assert.deepEqual(normaliseArgs([other], openTwin), []);

    const deleteEvents = [oneOf(instanceOf(TwinRow), listOf(text)), listOf(instanceOf(TwinRow))];
    assert.deepEqual(
      normaliseArgs([twin, [twin, twin]], deleteEvents),
      [twin, [twin, twin]],
      'the multi-selection is kept where it is used',
    );
    assert.deepEqual(
      normaliseArgs([twin, [twin, other]], deleteEvents),
      [twin],
      'a mixed selection is not one of these',
    );
    assert.deepEqual(normaliseArgs([['a', 'b']], deleteEvents), [['a', 'b']]);

    const createFromJson = [oneOf(instanceOf(Uri), text)];
    const file = new Uri('/x.json');
    assert.deepEqual(
      normaliseArgs([file, { groupId: 1 }], createFromJson),
      [file],
      'editor title: the editor context is dropped',
    );
    assert.deepEqual(
      normaliseArgs([file, [file, new Uri('/y.json')]], createFromJson),
      [file],
      'Explorer: one file is used',
    );
  });

  it('keep a later argument when an earlier one is dropped, and trim the trailing ones', () => {
    const saveAttachment = [instanceOf(TwinRow), text];
    assert.deepEqual(normaliseArgs([other, 'saved/attachment.png'], saveAttachment), [
      undefined,
      'saved/attachment.png',
    ]);
    assert.deepEqual(normaliseArgs([twin, twin], saveAttachment), [twin]);
    assert.deepEqual(normaliseArgs([twin, null, 'extra'], [instanceOf(TwinRow)]), [twin]);
  });

  it('tell text, options, rows and lists apart', () => {
    assert.equal(text('  '), true, 'a blank name reaches the handler, which says it is blank');
    assert.equal(text(3), false);
    assert.equal(options({}), true);
    assert.equal(options(Object.create(null)), true);
    assert.equal(options(twin), false, 'a tree row is not an options object');
    assert.equal(options([]), false);
    assert.equal(options(new Uri('/x')), false);
    assert.equal(listOf(text)([]), false, 'an empty list is no selection');
    assert.equal(listOf(text)(['a', 2]), false);
    assert.equal(instanceOf(Row)(twin), true);
    assert.equal(instanceOf(TwinRow)(other), false);
  });

  it("pair a command's guards with its handler, typed by what they accept", () => {
    // The handler's parameters are inferred from the guards: `row` is a TwinRow or a string, `name` a string.
    const open = accepts(oneOf(instanceOf(TwinRow), text), text).run((services: { prefix: string }, row, name) => {
      const id: string | undefined = typeof row === 'string' ? row : row?.id;
      return `${services.prefix}${id ?? ''}/${name ?? ''}`;
    });
    assert.equal(open.params.length, 2);
    const args = normaliseArgs([twin, { groupId: 1 }], open.params);
    assert.deepEqual(args, [twin]);
    assert.equal(open.run({ prefix: '>' }, ...args), '>t/');
    // @ts-expect-error a handler whose parameter is not what its guard accepts does not compile
    accepts(text).run((_services: unknown, count?: number) => count);
  });
});
