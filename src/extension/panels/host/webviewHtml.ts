// The HTML shell of every panel: strict CSP (scripts by nonce only, styles and images from the
// bundle folder), the bundle's js and css, the display language and its translations (see
// ../webviewL10n.ts), nothing else. The app builds its DOM itself.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { L10N_BUNDLE_ATTRIBUTE } from '../../../webviews/shared/webviewL10n';

function bundleFolder(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'panels');
}

export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [bundleFolder(extensionUri)] };
}

function createNonce(): string {
  return randomBytes(18).toString('base64');
}

function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

/** `bundle` is the panel folder name under src/webviews (e.g. "timeSeries"), built to dist/panels/<bundle>.js. */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, bundle: string, title: string): string {
  const nonce = createNonce();
  const folder = bundleFolder(extensionUri);
  const script = webview.asWebviewUri(vscode.Uri.joinPath(folder, `${bundle}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(folder, `${bundle}.css`));
  const translations = vscode.l10n.bundle
    ? ` ${L10N_BUNDLE_ATTRIBUTE}="${escapeAttribute(JSON.stringify(vscode.l10n.bundle))}"`
    : '';
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(webview.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(style.toString())}">
<title>${escapeText(title)}</title>
</head>
<body data-panel="${escapeAttribute(bundle)}"${translations}>
<script nonce="${nonce}" src="${escapeAttribute(script.toString())}"></script>
</body>
</html>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
