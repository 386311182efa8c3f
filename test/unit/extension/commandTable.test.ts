import * as assert from 'node:assert/strict';
import { text } from '../../../src/extension/shell/commandArgs';
import { allCommands } from '../../../src/extension/shell/commandTable';
import { accepts, type CommandTable } from '../../../src/extension/shell/commandTypes';

describe('the command table', () => {
  const open = accepts(text).run(() => 'open');
  const close = accepts().run(() => 'close');

  it("holds every command of the features' tables, each with its guards and handler", () => {
    const tables: CommandTable<unknown>[] = [{ 'buildingTwins.open': open }, { 'buildingTwins.close': close }, {}];
    const all = allCommands(tables);
    assert.deepEqual([...all.keys()], ['buildingTwins.open', 'buildingTwins.close']);
    assert.equal(all.get('buildingTwins.close'), close);
    assert.deepEqual(all.get('buildingTwins.open')?.params, [text]);
  });

  it('refuses a command defined by two tables, naming it', () => {
    assert.throws(
      () => allCommands<unknown>([{ 'buildingTwins.open': open }, { 'buildingTwins.open': close }]),
      /Command buildingTwins\.open is defined twice/,
    );
  });
});
