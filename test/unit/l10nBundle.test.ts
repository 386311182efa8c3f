// The runtime strings bundle (l10n/bundle.l10n.json) is what the extractor finds in the sources today: a string
// added or changed without `npm run l10n` fails here. The extractor (@vscode/l10n-dev) sees `vscode.l10n.t(…)` and
// `l10n.t(…)` with `l10n` imported from '@vscode/l10n' and nothing else, so a `t` call in any other spelling, whose
// text would stay English in every language, fails here too.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import * as ts from 'typescript';
import { repoRoot } from '../harness/harnessPaths';
import { readJson, type NlsEntry } from '../shared/manifest';

type Bundle = Record<string, NlsEntry>;

const manifest = readJson<{ l10n: string; scripts: Record<string, string> }>('package.json');
const BUNDLE = join(manifest.l10n, 'bundle.l10n.json');

/** Runs `npm run l10n` with the bundle written to `outDir`; returns the folders it reads. */
async function extract(outDir: string): Promise<{ bundle: Bundle; sources: string[] }> {
  const [bin, ...args] = manifest.scripts.l10n.split(/\s+/);
  const at = args.indexOf('--outDir');
  assert.ok(
    at >= 0 && args[at + 1] === manifest.l10n,
    `the l10n script writes into the "l10n" folder (${manifest.l10n})`,
  );
  const pkg = require.resolve('@vscode/l10n-dev/package.json');
  const cli = (JSON.parse(readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin[bin];
  assert.ok(cli, `${bin} is a command of @vscode/l10n-dev`);
  await promisify(execFile)(
    process.execPath,
    [join(dirname(pkg), cli), ...args.map((a, i) => (i === at + 1 ? outDir : a))],
    { cwd: repoRoot },
  );
  const sources = args.filter((a, i) => i > 0 && i !== at && i !== at + 1);
  return { bundle: JSON.parse(readFileSync(join(outDir, 'bundle.l10n.json'), 'utf8')) as Bundle, sources };
}

/** The bundle key of each `t` call in a source with its text written out: "message", or "message/comment". */
function translatedTexts(source: string): string[] {
  const file = ts.createSourceFile('source.ts', source, ts.ScriptTarget.Latest, true);
  const keys: string[] = [];
  const literal = (e: ts.Expression | undefined) =>
    e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : undefined;
  const property = (o: ts.ObjectLiteralExpression, name: string) =>
    o.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isT =
        (ts.isIdentifier(callee) && callee.text === 't') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 't' &&
          /\bl10n$/.test(callee.expression.getText(file)));
      const [first] = node.arguments;
      if (isT && first && ts.isObjectLiteralExpression(first)) {
        const message = literal(property(first, 'message'));
        const comment = property(first, 'comment');
        const notes =
          comment && ts.isArrayLiteralExpression(comment) ? comment.elements.map(literal).join('') : literal(comment);
        if (message !== undefined) keys.push(notes ? `${message}/${notes}` : message);
      } else if (isT && literal(first) !== undefined) {
        keys.push(literal(first)!);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return keys;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(repoRoot, folder, f));
}

describe('runtime strings bundle (l10n/bundle.l10n.json)', function () {
  this.timeout(120000);
  let dir = '';
  let extracted: { bundle: Bundle; sources: string[] };
  const committed = readJson<Bundle>(BUNDLE);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'building-twins-l10n-'));
    extracted = await extract(dir);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is what `npm run l10n` extracts from the sources now', () => {
    const stale = Object.keys(committed).filter((key) => !(key in extracted.bundle));
    const missing = Object.keys(extracted.bundle).filter((key) => !(key in committed));
    assert.deepEqual(
      { missing, stale },
      { missing: [], stale: [] },
      'run `npm run l10n` and commit l10n/bundle.l10n.json',
    );
    assert.deepEqual(committed, extracted.bundle);
    assert.ok(Object.keys(committed).length > 0);
  });

  it('holds every text a `t` call writes out, so no call is spelled in a way the extractor misses', () => {
    assert.deepEqual(
      translatedTexts(
        "import * as l10n from '@vscode/l10n';\nl10n.t('Saved {0}', name); vscode.l10n.t({ message: 'Open', comment: ['a button'] }); t(`Load`); other.t2('x'); i18n.t('y');",
      ),
      ['Saved {0}', 'Open/a button', 'Load'],
    );
    const unseen = extracted.sources.flatMap(sourceFiles).flatMap((file) =>
      translatedTexts(readFileSync(file, 'utf8'))
        .filter((key) => !(key in committed))
        .map((key) => `${relative(repoRoot, file)}: ${JSON.stringify(key)}`),
    );
    assert.deepEqual(unseen, []);
  });

  it('a translation (bundle.l10n.<language>.json) only translates texts the bundle has', () => {
    for (const file of readdirSync(join(repoRoot, manifest.l10n)).filter((f) =>
      /^bundle\.l10n\.[\w-]+\.json$/.test(f),
    )) {
      const unknown = Object.keys(readJson<Bundle>(join(manifest.l10n, file))).filter((key) => !(key in committed));
      assert.deepEqual(unknown, [], file);
    }
  });
});
