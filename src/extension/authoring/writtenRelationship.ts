// A relationship as a command wrote it: what the log and the notification say, the rows that list it, its document.
import * as vscode from 'vscode';
import type { Relationship } from '../../core/api/types';
import type { UpsertedRelationship } from '../../core/bulk/upsertRelationship';
import { resourceUri } from '../documents/resourceUri';
import type { WrittenResource } from '../documents/writtenResources';

export function describeUpsert(result: UpsertedRelationship): string {
  const r = result.relationship;
  return result.existed
    ? vscode.l10n.t(
        'Relationship {0} already existed ({1} {2} {3}); nothing changed.',
        String(r.id),
        r.sourceId,
        r.name,
        r.targetId,
      )
    : vscode.l10n.t('Created relationship {0} ({1} {2} {3}).', String(r.id), r.sourceId, r.name, r.targetId);
}

/** A relationship as written, for the rows that list it (its source's Outgoing, its target's Incoming). */
export function writtenRelationship(connection: string, rel: Relationship): WrittenResource {
  return { connection, kind: 'relationships', ids: [rel.sourceId, rel.id ?? ''], value: rel };
}

export function relationshipDocumentUri(connection: string, rel: Relationship): vscode.Uri {
  if (!rel.id)
    throw new Error(
      vscode.l10n.t(
        'The service returned relationship {0} {1} {2} without an id',
        rel.sourceId,
        rel.name,
        rel.targetId,
      ),
    );
  return resourceUri(connection, 'relationships', rel.sourceId, rel.id);
}
