// Counts with their nouns as the authoring, event and ticket commands say them ("1 twin", "3 rows"), each
// form one localised string so a translation words the singular and the plural freely. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import { countText } from '../../shared/countText';

export const problemCount = (count: number): string =>
  countText(count, { one: l10n.t('{0} problem'), other: l10n.t('{0} problems') });
export const twinCount = (count: number): string =>
  countText(count, { one: l10n.t('{0} twin'), other: l10n.t('{0} twins') });
export const relationshipCount = (count: number): string =>
  countText(count, { one: l10n.t('{0} relationship'), other: l10n.t('{0} relationships') });
export const rowCount = (count: number): string =>
  countText(count, { one: l10n.t('{0} row'), other: l10n.t('{0} rows') });
export const eventCount = (count: number): string =>
  countText(count, { one: l10n.t('{0} event'), other: l10n.t('{0} events') });

/** "2 twins, 1 relationship": what an import plan or an export holds. */
export function twinsAndRelationships(twins: number, relationships: number): string {
  return l10n.t({
    message: '{0}, {1}',
    args: [twinCount(twins), relationshipCount(relationships)],
    comment: ['{0} counts twins ("3 twins"), {1} relationships ("1 relationship")'],
  });
}
