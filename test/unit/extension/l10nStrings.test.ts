// User-facing text goes through localisation (vscode.l10n.t, or @vscode/l10n's l10n.t in modules without
// 'vscode'), so a translation is a file, not a code change. This scan finds text written straight into the places
// the user reads: notifications and their buttons, errors (a command's error becomes its notification), tree rows,
// prompts, pick and dialog titles, status bar and panel titles. Text that is not for the user (a programming error,
// an example of a syntax) says so with an `l10n-exempt` comment on its line or the line before.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../../harness/harnessPaths';
import { EXEMPT, hasWords, writtenText } from '../../shared/writtenText';

/** The folders and files scanned; a folder whose text is localised joins the list. */
const SCANNED = [
  'src/extension/shell',
  'src/extension/explorer',
  'src/extension/connections',
  'src/extension/documents',
  'src/extension/twins',
  'src/extension/models',
  'src/extension/insights',
  'src/extension/events',
  'src/extension/tickets',
  'src/extension/authoring',
  'src/extension/help',
  'src/extension/extension.ts',
  'src/extension/extensionContext.ts',
  // the panels' hosts (their apps have their own scan: test/unit/webviews/webviewText.test.ts)
  'src/extension/panels',
  'src/shared',
];

/** Calls whose every text argument the user reads: notifications (message and buttons). */
const MESSAGE_CALLS = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage']);
/** Constructors and factories whose first argument is an error message. */
const ERRORS = new Set([
  'Error',
  'RangeError',
  'TypeError',
  'NoPermissions',
  'FileNotFound',
  'FileExists',
  'Unavailable',
]);
/** Calls with a label at a known position: tree items, rows, confirmations, panels. */
const LABEL_ARGUMENTS: Record<string, number> = {
  TreeItem: 0,
  nodeItem: 1,
  MessageNode: 2,
  confirm: 0,
  createPanel: 2,
  createWebviewPanel: 1,
};
/** Object properties and assigned fields that are shown: picks, prompts, dialogs, progress, tree items, status bar. */
const SHOWN_FIELDS = new Set([
  'title',
  'prompt',
  'placeHolder',
  'placeholder',
  'detail',
  'confirmLabel',
  'openLabel',
  'saveLabel',
  'label',
  'description',
  'tooltip',
  'message',
  'text',
  'name',
]);

export interface Finding {
  line: number;
  text: string;
}

function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

function fieldName(name: ts.PropertyName | ts.MemberName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** `l10n.t({ message, args, comment })`: the message is the text to translate, so it is written out. */
function isTranslationOptions(node: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(node) && ts.isCallExpression(node.parent) && calleeName(node.parent.expression) === 't'
  );
}

/** User-facing text written without localisation in one TypeScript source. */
export function unlocalisedText(source: string, fileName = 'sample.ts'): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const lines = source.split('\n');
  const findings: Finding[] = [];
  const check = (expression: ts.Expression | undefined): void => {
    const text = expression && writtenText(expression);
    if (!expression || text === undefined || !hasWords(text)) return;
    const line = file.getLineAndCharacterOfPosition(expression.getStart(file)).line;
    if (lines[line]?.includes(EXEMPT) || lines[line - 1]?.includes(EXEMPT)) return;
    findings.push({ line: line + 1, text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
      if (name && MESSAGE_CALLS.has(name)) args.forEach((arg) => check(arg));
      if (name && ERRORS.has(name)) check(args[0]);
      if (name && name in LABEL_ARGUMENTS) check(args[LABEL_ARGUMENTS[name]]);
    } else if (ts.isPropertyAssignment(node) && !isTranslationOptions(node.parent)) {
      const name = fieldName(node.name);
      if (name && SHOWN_FIELDS.has(name)) check(node.initializer);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left)
    ) {
      const { name, expression } = node.left;
      // `this.name = 'SomeError'` names an error class; `this.item.name = …` names a status bar item.
      const errorClassName = name.text === 'name' && expression.kind === ts.SyntaxKind.ThisKeyword;
      if (SHOWN_FIELDS.has(name.text) && !errorClassName) check(node.right);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

function sourceFiles(path: string): string[] {
  const full = join(repoRoot, path);
  if (full.endsWith('.ts')) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !isWebviewApp(f))
    .map((f) => join(full, f));
}

/** A module of a panel's app (src/webviews/<panel>/app/), which runs in the webview. */
function isWebviewApp(file: string): boolean {
  return file.split(/[\\/]/).includes('app');
}

describe('user-facing text is localised', () => {
  describe('the scan', () => {
    const flagged = [
      "void vscode.window.showInformationMessage('Local emulator stopped.');",
      "void vscode.window.showWarningMessage(vscode.l10n.t('Sure?'), 'Delete');",
      'throw new Error(`No twin named "${name}".`);',
      "throw new RangeError('Depth must be from 1 to ' + max);",
      'throw vscode.FileSystemError.NoPermissions(`${label} is read-only`);',
      "const item = new vscode.TreeItem('Models', vscode.TreeItemCollapsibleState.None);",
      "return nodeItem(this, 'Events', state, {});",
      "return [new MessageNode(this, 'empty', 'No twins')];",
      "await ctx.input.input({ title: 'Filter twins', prompt: t });",
      "await ctx.input.pick(items, { placeHolder: cond ? 'Choose one' : other });",
      "const actions = [{ label: '$(sync) Sign in again', id: 'signIn' }];",
      'item.tooltip = `Twins of ${modelId}`;',
      "this.item.name = 'Building Twins connection';",
      "await ctx.input.confirm(`Remove ${name}?`, { confirmLabel: 'Remove' });",
      "createPanel(ctx, VIEW_TYPE, 'Insights');",
    ];
    for (const source of flagged) {
      it(`flags: ${source}`, () => assert.equal(unlocalisedText(source).length > 0, true, `not flagged: ${source}`));
    }
    const accepted = [
      "void vscode.window.showInformationMessage(vscode.l10n.t('Local emulator stopped.'), showLog);",
      'throw new Error(l10n.t(\'No twin named "{0}".\', name));',
      'throw new Error(message);',
      'new vscode.TreeItem(label, state);',
      "const actions = [{ label: `$(sync) ${vscode.l10n.t('Sign in again')}`, id: 'signIn' }];",
      "item.description = [count, modelId].join(' · ');",
      "item.contextValue = 'connection.local';",
      'item.id = `${this.id}#${count}`;',
      'ctx.log.warn(`Could not reveal ${id} in the explorer`);',
      "const state = { kind: 'error', message: `${request}: ${detail}` };",
      "{ command: 'buildingTwins.open', title: vscode.l10n.t('Open') }",
      "return l10n.t({ message: 'Auto save is on ({0})', args: [mode], comment: ['{0} is the mode'] });",
      "class CancelledError extends Error { constructor() { super('Cancelled'); this.name = 'CancelledError'; } }",
      "throw new Error('internal'); // l10n-exempt: a programming error",
      '// l10n-exempt: the command table passes ids only\nthrow new Error(`Expected an id, got ${typeof x}`);',
    ];
    for (const source of accepted) {
      it(`accepts: ${source}`, () => assert.deepEqual(unlocalisedText(source), []));
    }
  });

  it('in the scanned folders, text for the user goes through l10n', () => {
    const findings = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      unlocalisedText(readFileSync(file, 'utf8'), file).map(
        (f) => `${relative(repoRoot, file)}:${f.line} ${JSON.stringify(f.text)}`,
      ),
    );
    assert.deepEqual(findings, []);
  });
});
