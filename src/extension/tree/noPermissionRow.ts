// The row a branch of the explorer shows instead of its children when the service refused to list them
// with a 403. Free of 'vscode' imports so unit tests can check the wording.
import { errorText } from '../../core/api/apiError';
import { deniedAction, isPermissionDenied, noPermissionText, PERMISSION_DENIED_HINT } from '../../core/api/permissionDenied';

/**
 * Label and tooltip for a 403 while loading the branch that lists `reads` (e.g. "insights"); undefined for any
 * other failure. Twins are grouped by model, so a refused model list is named as such in any branch.
 */
export function noPermissionRow(error: unknown, reads: string | undefined, connection: string | undefined): { label: string; tooltip: string } | undefined {
  if (!isPermissionDenied(error)) return undefined;
  const what = deniedAction(error) === 'read models' ? 'models' : reads ?? 'this';
  const label = noPermissionText(`read ${what}`, connection ?? 'this connection');
  return { label, tooltip: `${label}.\nThe service answered 403: ${PERMISSION_DENIED_HINT}\n${errorText(error)}` };
}
