// `building-twins --version` and `-v`: the version the build gave the CLI, exit code 0; the general help lists it.
import * as assert from 'node:assert/strict';
import { runCliInMemory } from './memoryCli';

const cli = (argv: string[]) =>
  runCliInMemory(argv, {
    readFile: async () => assert.fail('--version reads no file'),
    writeFile: async () => assert.fail('--version writes no file'),
    version: '9.8.7',
  });

describe('building-twins --version', () => {
  for (const flag of ['--version', '-v']) {
    it(`${flag} prints the version alone and exits 0`, async () => {
      assert.deepEqual(await cli([flag]), { code: 0, out: '9.8.7\n', err: '' });
    });
  }

  it('the general help lists --version', async () => {
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.out, /\n {2}--version +print the version of building-twins/);
  });

  it('after a command, --version is an unknown option of that command (exit 2)', async () => {
    const run = await cli(['twins', 'get', 'x', '--version']);
    assert.equal(run.code, 2);
    assert.match(run.err, /Unknown option '--version'/);
  });
});
