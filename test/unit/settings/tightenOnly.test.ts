import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../../harness/harnessPaths';
import { tightenOnly } from '../../../src/core/settings/tightenOnly';

const LEVELS = ['off', 'some', 'all'] as const;

describe('tightenOnly (a workspace may make a safety setting more careful, never less)', () => {
  it("takes the user's value, else the default, else the least careful value", () => {
    assert.equal(tightenOnly({ defaultValue: 'some', globalValue: 'off' }, LEVELS), 'off');
    assert.equal(tightenOnly({ defaultValue: 'some' }, LEVELS), 'some');
    assert.equal(tightenOnly({ defaultValue: 'some', globalValue: 'unknown' }, LEVELS), 'some');
    assert.equal(tightenOnly({}, LEVELS), 'off');
  });

  it('ignores a looser or unknown workspace or folder value', () => {
    assert.equal(tightenOnly({ defaultValue: 'some', globalValue: 'all', workspaceValue: 'off' }, LEVELS), 'all');
    assert.equal(tightenOnly({ defaultValue: 'some', workspaceFolderValue: 'off' }, LEVELS), 'some');
    assert.equal(tightenOnly({ defaultValue: 'some', workspaceValue: { op: 'off' } }, LEVELS), 'some');
  });

  it('takes the most careful of a tighter workspace and folder value', () => {
    assert.equal(tightenOnly({ defaultValue: 'off', workspaceValue: 'some' }, LEVELS), 'some');
    assert.equal(
      tightenOnly({ defaultValue: 'off', workspaceValue: 'some', workspaceFolderValue: 'all' }, LEVELS),
      'all',
    );
    assert.equal(tightenOnly({ defaultValue: 'off', globalValue: 'all', workspaceValue: 'some' }, LEVELS), 'all');
  });

  it('orders booleans too (false before true)', () => {
    assert.equal(tightenOnly({ defaultValue: false, globalValue: true, workspaceValue: false }, [false, true]), true);
    assert.equal(tightenOnly({ defaultValue: false, workspaceValue: true }, [false, true]), true);
  });
});

describe('safety settings are read through the tighten-only policy', () => {
  it('no source reads buildingTwins.confirmWrites with a plain get (which lets a workspace loosen it)', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (
          path.endsWith('.ts') &&
          /\.get\s*(<[^>]*>)?\(\s*['"]confirmWrites['"]/.test(readFileSync(path, 'utf8'))
        )
          offenders.push(relative(repoRoot, path));
      }
    };
    walk(join(repoRoot, 'src'));
    assert.deepEqual(offenders, []);
  });
});
