// What a save asks before it sends: the write shown with its target (buildingTwins.confirmWrites), and, when the
// service's copy changed since the document was opened, Compare / Overwrite / Revert.
import * as vscode from 'vscode';
import { confirmWritesMode, isLocalTarget, type PendingWrite, writeDetail, writeNeedsConfirmation, writeQuestion } from '../../core/writes/writePreview';
import type { ConnectionProfile } from '../connections/connectionProfile';
import type { UserInput } from '../shell/userInput';
import { WriteNotSentError } from './writeNotSent';
import { resourceUri, type ResourceRef } from './resourceUri';
import type { ServiceVersions } from './serviceVersions';

export interface WriteGateServices {
  readonly connections: { require(name: string): ConnectionProfile };
  readonly input: Pick<UserInput, 'choose'>;
  readonly versions: Pick<ServiceVersions, 'compare'>;
}

/** A write as a document handler describes it; the gate adds the connection and its URL. */
export type DocumentWrite = Omit<PendingWrite, 'connection' | 'baseUrl'>;

/** The service's copy changed since the document was opened. */
export interface ServiceChange {
  /** e.g. "Twin T-1". */
  subject: string;
  detail: string;
  /** The service's version (update time) now, for the message when the user keeps their edits. */
  now: string | null | undefined;
  /** The service's current version as document text (the left side of Compare). */
  serviceText: string;
}

export class WriteGate {
  constructor(
    private readonly services: WriteGateServices,
    private readonly mode = () => confirmWritesMode(vscode.workspace.getConfiguration('buildingTwins').get('confirmWrites')),
  ) {}

  /**
   * Shows what is about to be sent and where, unless buildingTwins.confirmWrites spares this connection; Compare
   * opens a diff of the document as opened and as edited, then asks again. Cancelled, it throws "Not sent".
   */
  async beforeSend(ref: ResourceRef, write: DocumentWrite, openedText: string): Promise<void> {
    const profile = this.services.connections.require(ref.connection);
    if (!writeNeedsConfirmation(this.mode(), { local: isLocalTarget(profile.baseUrl) })) return;
    const pending: PendingWrite = { ...write, connection: profile.name, baseUrl: profile.baseUrl };
    const send = vscode.l10n.t('Send');
    const compare = vscode.l10n.t('Compare');
    for (;;) {
      const answer = await this.services.input.choose(writeQuestion(pending), { detail: writeDetail(pending), choices: [send, compare] });
      if (answer === send) return;
      if (answer !== compare) {
        throw new WriteNotSentError(vscode.l10n.t('Not sent: saving {0} to "{1}" was cancelled. Your edits are still in the editor.', write.subject, profile.name));
      }
      await this.services.versions.compare(resourceUri(ref.connection, ref.kind, ...ref.ids), openedText,
        vscode.l10n.t('{0}: as opened ↔ your edits', write.subject));
    }
  }

  /**
   * Asks what to do about a change made on the service since the document was opened: Compare (the service's version,
   * read-only, beside the editor; then asked again), Overwrite (send the edits) or Revert (take the service's version,
   * nothing sent). Dismissed, it throws "Not saved" and the editor keeps its edits.
   */
  async onServiceChange(ref: ResourceRef, change: ServiceChange): Promise<'overwrite' | 'revert'> {
    const compare = vscode.l10n.t('Compare');
    const overwrite = vscode.l10n.t('Overwrite');
    const revert = vscode.l10n.t('Revert');
    for (;;) {
      const answer = await this.services.input.choose(vscode.l10n.t('{0} was changed on the service after you opened it.', change.subject), {
        detail: vscode.l10n.t('{0}\nOverwrite sends your edits; Revert replaces them with the version on the service.', change.detail),
        choices: [compare, overwrite, revert],
      });
      if (answer === overwrite) return 'overwrite';
      if (answer === revert) return 'revert';
      if (answer !== compare) {
        const subject = change.subject.charAt(0).toLowerCase() + change.subject.slice(1);
        throw new WriteNotSentError(vscode.l10n.t(
          'Not saved: {0} changed on the service (now {1}). Your edits are still in the editor; use "Revert File" to load the new version.',
          subject, change.now ?? vscode.l10n.t('unknown time'),
        ));
      }
      await this.services.versions.compare(resourceUri(ref.connection, ref.kind, ...ref.ids), change.serviceText,
        vscode.l10n.t('{0}: the service now ↔ your edits', change.subject));
    }
  }
}
