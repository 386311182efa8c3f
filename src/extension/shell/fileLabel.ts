// How a file is named where space is short (a panel's header, a message): its path in the workspace, or only its
// name for a file outside every workspace folder (its full path would name the user's home and folders).
import * as vscode from 'vscode';

export function fileLabel(uri: vscode.Uri): string {
  if (vscode.workspace.getWorkspaceFolder(uri)) return vscode.workspace.asRelativePath(uri);
  return uri.path.split('/').pop() || uri.toString();
}
