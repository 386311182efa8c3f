import * as vscode from 'vscode';

/** The walkthrough's id in package.json (contributes.walkthroughs). */
export const WALKTHROUGH_ID = 'buildingTwins.gettingStarted';

/**
 * Ticks a walkthrough step once what it teaches has happened, wherever it was done (the welcome view, the palette,
 * the walkthrough itself). The step's own completion event is not enough: VS Code starts its walkthrough service
 * only when a walkthrough is first shown, and a command run before that (the welcome view's Start) is never
 * counted. A VS Code without the workbench's command changes nothing.
 */
export function completeWalkthroughStep(
  ctx: { vscodeContext: Pick<vscode.ExtensionContext, 'extension'> },
  step: string,
): void {
  const id = `${ctx.vscodeContext.extension.id}#${WALKTHROUGH_ID}#${step}`;
  void Promise.resolve(vscode.commands.executeCommand('welcome.markStepComplete', id)).catch(() => undefined);
}
