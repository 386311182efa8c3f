// What the user would read in an expression when its text is written into the code instead of going through
// l10n.t: a literal, a template's fixed parts, both branches of a conditional, the parts of a concatenation. The
// scans for unlocalised text (extension and panel apps) share it.
import * as ts from 'typescript';

/** The text the user would read in `expression` when it is written out (literal, template, concatenation). */
export function writtenText(expression: ts.Expression): string | undefined {
  if (ts.isParenthesizedExpression(expression)) return writtenText(expression.expression);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
  if (ts.isTemplateExpression(expression))
    return [expression.head.text, ...expression.templateSpans.map((s) => s.literal.text)].join('');
  if (ts.isConditionalExpression(expression))
    return (
      [writtenText(expression.whenTrue), writtenText(expression.whenFalse)].filter(Boolean).join(' | ') || undefined
    );
  if (
    ts.isBinaryExpression(expression) &&
    [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(
      expression.operatorToken.kind,
    )
  ) {
    return [writtenText(expression.left), writtenText(expression.right)].filter(Boolean).join(' ') || undefined;
  }
  return undefined;
}

/** Whether written text holds words (codicons such as `$(sync)` and separators do not count). */
export function hasWords(text: string): boolean {
  return /[A-Za-z]{2,}/.test(text.replace(/\$\([\w~-]+\)/g, ''));
}

/** The line comment that marks text not meant for the user, on its line or the line before. */
export const EXEMPT = 'l10n-exempt';
