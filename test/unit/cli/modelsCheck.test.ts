import * as assert from 'node:assert/strict';
import { runCliInMemory } from './memoryCli';

const room = JSON.stringify(
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': 'dtmi:com:example:Room;1',
    '@type': 'Interface',
    extends: 'dtmi:com:example:Space;1',
    contents: [{ '@type': 'Property', name: 'area', schema: 'double' }],
  },
  null,
  2,
);
const space = JSON.stringify(
  { '@context': 'dtmi:dtdl:context;3', '@id': 'dtmi:com:example:Space;1', '@type': 'Interface' },
  null,
  2,
);
const broken = [
  '{',
  '  "@context": "dtmi:dtdl:context;3",',
  '  "@id": "dtmi:com:example:Bad;0",',
  '  "@type": "Interface"',
  '}',
].join('\n');

/** An in-memory folder `models/` with these files. */
function folder(files: Record<string, string>) {
  const encoder = new TextEncoder();
  return {
    jsonFilesUnder: async (path: string) => {
      if (path in files) return [path];
      const under = Object.keys(files).filter((f) => f.startsWith(`${path}/`));
      if (under.length === 0) throw new Error(`ENOENT: ${path}`);
      return under.sort();
    },
    readFile: async (path: string) => {
      if (!(path in files)) throw new Error(`ENOENT: ${path}`);
      return encoder.encode(files[path]);
    },
  };
}

describe('building-twins models check', () => {
  it('checks a folder as one set: a reference to another file of it resolves, exit code 0 and no output', async () => {
    const run = await runCliInMemory(
      ['models', 'check', 'models'],
      folder({ 'models/room.json': room, 'models/space.json': space }),
    );
    assert.deepEqual(run, { code: 0, out: '', err: '' });
  });

  it('prints file:line:col: code: message per problem and exits with 1', async () => {
    const run = await runCliInMemory(
      ['models', 'check', 'models/room.json', 'models/bad.json'],
      folder({ 'models/room.json': room, 'models/bad.json': broken }),
    );
    assert.equal(run.code, 1);
    const lines = run.out.trim().split('\n');
    assert.equal(lines.length, 2, run.out);
    assert.match(
      lines[0],
      /^models\/room\.json:5:14: unresolvedReference: "extends" refers to "dtmi:com:example:Space;1", which is defined nowhere/,
    );
    assert.match(lines[1], /^models\/bad\.json:3:10: invalidId: "dtmi:com:example:Bad;0" is not a valid DTMI/);
    assert.match(run.err, /2 problem\(s\) in 2 of 2 file\(s\)/);
  });

  it('needs no connection: a remote service URL without a client id is never read, the files decide the exit code', async () => {
    const env = { BUILDING_TWINS_URL: 'https://twins.example.com' };
    const files = folder({ 'models/room.json': room, 'models/space.json': space, 'models/bad.json': broken });
    const connecting = await runCliInMemory(['events', 'list'], { env, ...files });
    assert.equal(connecting.code, 2, 'a command that connects needs the client id this environment lacks');
    assert.match(connecting.err, /A client id is needed for https:\/\/twins\.example\.com/);
    const clean = await runCliInMemory(['models', 'check', 'models/room.json', 'models/space.json'], { env, ...files });
    assert.deepEqual(clean, { code: 0, out: '', err: '' });
    const withProblem = await runCliInMemory(['models', 'check', 'models'], { env, ...files });
    assert.equal(withProblem.code, 1, withProblem.err);
    assert.match(withProblem.out, /^models\/bad\.json:3:10: invalidId: /);
    assert.doesNotMatch(withProblem.err, /client/);
  });

  it('refuses a path it cannot read with a usage error naming it', async () => {
    const run = await runCliInMemory(['models', 'check', 'nowhere'], folder({ 'models/room.json': room }));
    assert.equal(run.code, 2);
    assert.match(run.err, /cannot read nowhere: ENOENT/);
  });
});
