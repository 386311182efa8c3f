// The row a branch of the explorer shows instead of its children when the service refused to list them
// with a 403. Free of 'vscode' imports so unit tests can check the wording.
import * as l10n from '@vscode/l10n';
import { errorText } from '../../core/api/apiError';
import { deniedAction, isPermissionDenied, PERMISSION_DENIED_HINT } from '../../core/api/permissionDenied';

/** "No permission to read insights on <connection>": one sentence per branch (`reads`), so a translation can inflect it. */
function noPermissionToRead(what: string, connection: string): string {
  switch (what) {
    case 'models':
      return l10n.t('No permission to read models on {0}', connection);
    case 'twins':
      return l10n.t('No permission to read twins on {0}', connection);
    case 'insights':
      return l10n.t('No permission to read insights on {0}', connection);
    case 'events':
      return l10n.t('No permission to read events on {0}', connection);
    case 'tickets':
      return l10n.t('No permission to read tickets on {0}', connection);
    case 'ticket metadata':
      return l10n.t('No permission to read ticket metadata on {0}', connection);
    case 'this':
      return l10n.t('No permission to read this on {0}', connection);
    default:
      return l10n.t('No permission to read {0} on {1}', what, connection);
  }
}

/**
 * Label and tooltip for a 403 while loading the branch that lists `reads` (e.g. "insights"); undefined for any
 * other failure. Twins are grouped by model, so a refused model list is named as such in any branch.
 */
export function noPermissionRow(
  error: unknown,
  reads: string | undefined,
  connection: string | undefined,
): { label: string; tooltip: string } | undefined {
  if (!isPermissionDenied(error)) return undefined;
  const what = deniedAction(error) === 'read models' ? 'models' : (reads ?? 'this');
  const label = noPermissionToRead(what, connection ?? l10n.t('this connection'));
  return {
    label,
    tooltip: l10n.t('{0}.\nThe service answered 403: {1}\n{2}', label, PERMISSION_DENIED_HINT, errorText(error)),
  };
}
