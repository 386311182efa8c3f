// The panels' apps (src/webviews/<panel>/app) show their text through l10n.t, so a translation is a file: this scan finds
// text written straight into what the user reads or hears there: element content, labels, titles, placeholders and
// aria-labels, the status line, empty states, select options and errors. Text that is not for the user says so with
// an `l10n-exempt` comment on its line or the line before. Every app installs its translations before anything else.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../../harness/harnessPaths';
import { EXEMPT, hasWords, writtenText } from '../../shared/writtenText';

const WEBVIEWS = join(repoRoot, 'src', 'webviews');
const INSTALL = '../../shared/app/installL10n';

/** Attributes and properties a reader sees or a screen reader speaks. */
const SHOWN = new Set([
  'label',
  'title',
  'placeholder',
  'alt',
  'textContent',
  'innerText',
  'aria-label',
  'ariaLabel',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
]);
/** Calls with text at a known position: fields and selects by their label, the status line, the empty state, errors. */
const TEXT_ARGUMENTS: Record<string, number> = {
  textField: 0,
  singleSelect: 0,
  set: 0,
  showEmpty: 0,
  Error: 0,
  RangeError: 0,
  TypeError: 0,
};
/** `el(tag, attributes, ...children)`: string children are element text. */
const FIRST_CHILD_OF_EL = 2;

function name(node: ts.Expression | ts.PropertyName | ts.MemberName): string | undefined {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

/** Unlocalised text in one app source, as "line: text". */
function writtenOut(source: string): string[] {
  const file = ts.createSourceFile('app.ts', source, ts.ScriptTarget.Latest, true);
  const lines = source.split('\n');
  const found: string[] = [];
  const check = (expression: ts.Expression | undefined): void => {
    const text = expression && writtenText(expression);
    if (!expression || text === undefined || !hasWords(text)) return;
    const line = file.getLineAndCharacterOfPosition(expression.getStart(file)).line;
    if (!lines[line]?.includes(EXEMPT) && !lines[line - 1]?.includes(EXEMPT)) found.push(`${line + 1}: ${text}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = name(node.expression);
      const args = [...(node.arguments ?? [])];
      if (callee === 'el') args.slice(FIRST_CHILD_OF_EL).forEach(check);
      if (callee && callee in TEXT_ARGUMENTS) check(args[TEXT_ARGUMENTS[callee]]);
      if (callee === 'setAttribute' && args[0] && ts.isStringLiteral(args[0]) && SHOWN.has(args[0].text))
        check(args[1]);
      // singleSelect(label, [[value, text], …]): the option texts.
      if (callee === 'singleSelect' && args[1] && ts.isArrayLiteralExpression(args[1])) {
        for (const option of args[1].elements) if (ts.isArrayLiteralExpression(option)) check(option.elements[1]);
      }
    } else if (ts.isPropertyAssignment(node) && SHOWN.has(name(node.name) ?? '')) {
      check(node.initializer);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      SHOWN.has(node.left.name.text)
    ) {
      check(node.right);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function appSources(): string[] {
  return readdirSync(WEBVIEWS, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f.split(/[\\/]/).includes('app'))
    .map((f) => join(WEBVIEWS, f));
}

describe('panel apps: text for the user is localised', () => {
  describe('the scan', () => {
    const flagged = [
      "el('vscode-button', {}, 'Draw');",
      "el('h3', {}, `Latest values`);",
      "el('span', { class: 'muted' }, ok ? ' (root)' : '');",
      "el('section', { 'aria-label': 'Selected twin' });",
      "el('vscode-button', { title: 'Zoom out (-)' }, '−');",
      "textField('Filter value', { placeholder: l10n.t('value') });",
      "singleSelect(l10n.t('Sort by'), [[SERVICE_ORDER, 'Service order']]);",
      'status.set(`Could not load: ${message}`, true);',
      "showEmpty('Nothing to chart.');",
      "toggle.setAttribute('aria-label', `Expand ${n} children`);",
      'scopeLine.textContent = `Insights of ${label}`;',
      "const COLUMNS = [{ field: 'name', label: 'Name' }];",
      "throw new Error('No twin selected');",
    ];
    for (const source of flagged) it(`flags: ${source}`, () => assert.notDeepEqual(writtenOut(source), [], source));
    const accepted = [
      "el('vscode-button', {}, l10n.t('Draw'));",
      "el('span', {}, '–');",
      "el('vscode-button', { secondary: true, 'aria-label': l10n.t('Pan left') }, '◀');",
      "el('li', {}, swatch, label);",
      "el('div', { class: 'toolbar', role: 'group' });",
      'status.set(errorMessage(error), true);',
      "status.set(l10n.t('Loading graph around {0}…', id));",
      'latest.set(p.twinId, p);',
      "th.setAttribute('aria-sort', 'ascending');",
      "document.body.dataset.state = 'loading';",
      "el('vscode-option', { value: d }, d);",
      "// l10n-exempt: a unit symbol\nel('span', {}, 'degC');",
    ];
    for (const source of accepted) it(`accepts: ${source}`, () => assert.deepEqual(writtenOut(source), [], source));
  });

  it('no app writes text for the user without l10n.t', () => {
    const sources = appSources();
    assert.ok(sources.length >= 3, 'the apps are found');
    const findings = sources.flatMap((file) =>
      writtenOut(readFileSync(file, 'utf8')).map((f) => `${relative(repoRoot, file)}:${f}`),
    );
    assert.deepEqual(findings, []);
  });

  it('no stylesheet writes words for the user (CSS `content` cannot be translated)', () => {
    const sheets = readdirSync(WEBVIEWS, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.css'))
      .map((f) => join(WEBVIEWS, f));
    assert.ok(sheets.length >= 3, 'the stylesheets are found');
    const findings = sheets.flatMap((sheet) =>
      [...readFileSync(sheet, 'utf8').matchAll(/content:\s*(['"])(.*?)\1/g)]
        .filter((m) => hasWords(m[2]!))
        .map((m) => `${relative(repoRoot, sheet)}: ${m[0]}`),
    );
    assert.deepEqual(findings, []);
  });

  it('every app installs its translations first, before any module that could build text', () => {
    const apps = readdirSync(WEBVIEWS, { withFileTypes: true })
      .map((d) => join(WEBVIEWS, d.name, 'app', 'main.ts'))
      .filter((main) => existsSync(main));
    assert.ok(apps.length >= 3, 'the apps are found');
    for (const app of apps) {
      const file = ts.createSourceFile(app, readFileSync(app, 'utf8'), ts.ScriptTarget.Latest, true);
      const first = file.statements.find(ts.isImportDeclaration);
      assert.equal(
        first && ts.isStringLiteral(first.moduleSpecifier) ? first.moduleSpecifier.text : undefined,
        INSTALL,
        relative(repoRoot, app),
      );
    }
  });
});
