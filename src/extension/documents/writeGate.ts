// What a save asks before it sends: the write shown with its target (buildingTwins.confirmWrites), and, when the
// service's copy changed since the document was opened, Compare / Overwrite / Revert.
import { AsyncLocalStorage } from 'node:async_hooks';
import * as vscode from 'vscode';
import type { OutgoingWrite } from '../../core/api/httpTransport';
import { outgoingWritePreview } from '../../core/writes/requestPreview';
import { pendingRequest, type SentRequest, sentSize, sentText } from '../../core/writes/sentRequests';
import {
  isLocalTarget,
  MAX_DETAIL_LINES,
  type ConfirmWritesMode,
  type PendingWrite,
  writeDetail,
  writeNeedsConfirmation,
  writeQuestion,
} from '../../core/writes/writePreview';
import { confirmWritesSetting } from '../shell/carefulSettings';
import type { ConnectionProfile } from '../connections/connectionProfile';
import type { UserInput } from '../shell/userInput';
import { confirmDespiteProblems } from './documentProblems';
import { WriteNotSentError } from '../shell/writeNotSent';
import { resourceUri, type ResourceRef } from './resourceUri';
import type { ServiceVersions } from './serviceVersions';

export interface WriteGateServices {
  readonly connections: { require(name: string): ConnectionProfile };
  readonly input: Pick<UserInput, 'choose'>;
  readonly versions: Pick<ServiceVersions, 'compare' | 'showReadOnly'>;
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

/** A write as a command describes it before sending: its question and detail, and what else the user may look at. */
export interface WriteConfirmation {
  question: string;
  detail: string;
  /** Everything the write sends: the detail says how much, "Show Everything" opens all of it beside, then asks again. */
  sent: readonly SentRequest[];
  /** "Compare": opens a before/after diff, then asks again. */
  compare?: () => Promise<void>;
  /** The message of the "Not sent" error when cancelled. */
  cancelled: string;
}

/** The connections whose writes the user confirmed in the command (or save) running now. */
interface WriteScope {
  readonly confirmed: Set<string>;
}

export class WriteGate {
  private readonly scopes = new AsyncLocalStorage<WriteScope>();

  constructor(
    private readonly services: WriteGateServices,
    private readonly mode: () => ConfirmWritesMode = confirmWritesSetting,
  ) {}

  /**
   * Asks first when the document shows errors (documentProblems.ts). Shows what is about to be sent and where, unless
   * buildingTwins.confirmWrites spares this connection; Compare opens a diff of the document as opened and as edited,
   * then asks again. Cancelled, it throws "Not sent".
   */
  async beforeSend(ref: ResourceRef, write: DocumentWrite, openedText: string): Promise<void> {
    const profile = this.services.connections.require(ref.connection);
    const uri = resourceUri(ref.connection, ref.kind, ...ref.ids);
    // Errors the editor shows (the authoring schema's) are asked about first, whatever buildingTwins.confirmWrites says.
    await confirmDespiteProblems(this.services.input, uri, write.subject);
    const pending: PendingWrite = { ...write, connection: profile.name, baseUrl: profile.baseUrl };
    await this.confirm(ref.connection, {
      question: writeQuestion(pending),
      detail: writeDetail(pending),
      sent: [pendingRequest(pending)],
      compare: () =>
        this.services.versions.compare(uri, openedText, vscode.l10n.t('{0}: as opened ↔ your edits', write.subject)),
      cancelled: vscode.l10n.t(
        'Not sent: saving {0} to "{1}" was cancelled. Your edits are still in the editor.',
        write.subject,
        profile.name,
      ),
    });
  }

  /**
   * Runs a command or a save so that the writes it confirms (confirm, beforeSend) are sent without being asked about
   * again; a write it did not confirm is still shown on its own by the client (beforeClientWrite).
   */
  run<T>(body: () => T): T {
    return this.scopes.run({ confirmed: new Set() }, body);
  }

  /**
   * Runs `send` with its writes to `connection` counted as confirmed: its caller showed them in a confirmation of its
   * own (an agent tool's prepareInvocation, a request file's run), so the client does not ask again.
   */
  sendConfirmed<T>(connection: string, send: () => Promise<T>): Promise<T> {
    return this.scopes.run({ confirmed: new Set([connection]) }, send);
  }

  /**
   * Shows a write before it is sent (Send / Show Everything / Cancel, and Compare when given), unless
   * buildingTwins.confirmWrites spares the connection. Sent, the rest of the running command's writes to that
   * connection go without asking; cancelled, it throws "Not sent" (WriteNotSentError) and nothing is sent.
   */
  async confirm(connection: string, write: WriteConfirmation): Promise<void> {
    if (this.needsConfirmation(connection)) await this.ask(write);
    this.scopes.getStore()?.confirmed.add(connection);
  }

  /**
   * The one question of a write to many resources at once (Change Twins): asked whatever buildingTwins.confirmWrites
   * says, with "Show Everything". Sent, the command's writes to that connection go without asking; cancelled, it
   * throws "Not sent".
   */
  async confirmAlways(connection: string, write: WriteConfirmation): Promise<void> {
    await this.ask(write);
    this.scopes.getStore()?.confirmed.add(connection);
  }

  /**
   * One question for a command that confirms its writes anyway (import, delete events): when buildingTwins.confirmWrites
   * asks for this connection, the gate's question (with the request and target) replaces the command's own, whose
   * answer is returned otherwise. Cancelled at the gate, it throws "Not sent".
   */
  async confirmInstead(connection: string, write: WriteConfirmation, own: () => Promise<boolean>): Promise<boolean> {
    if (!this.needsConfirmation(connection)) return own();
    await this.confirm(connection, write);
    return true;
  }

  /**
   * The client's last check before a write leaves (BuildingTwinsClientOptions.beforeWrite): a write its command did
   * not confirm is shown as it will be sent, request and body, to the connection it goes to.
   */
  async beforeClientWrite(connection: string, write: OutgoingWrite): Promise<void> {
    if (this.scopes.getStore()?.confirmed.has(connection) || !this.needsConfirmation(connection)) return;
    const profile = this.services.connections.require(connection);
    const { question, pending } = outgoingWritePreview(write, { connection: profile.name, baseUrl: profile.baseUrl });
    await this.ask({
      question,
      detail: writeDetail(pending, MAX_DETAIL_LINES, false),
      sent: [pendingRequest(pending)],
      cancelled: vscode.l10n.t('Not sent: {0} to "{1}" was cancelled.', write.operation, profile.name),
    });
    this.scopes.getStore()?.confirmed.add(connection);
  }

  /** Whether a write to this connection is shown before it is sent (buildingTwins.confirmWrites). */
  needsConfirmation(connection: string): boolean {
    return writeNeedsConfirmation(this.mode(), {
      local: isLocalTarget(this.services.connections.require(connection).baseUrl),
    });
  }

  private async ask(write: WriteConfirmation): Promise<void> {
    const send = vscode.l10n.t('Send');
    const compare = vscode.l10n.t('Compare');
    const everything = vscode.l10n.t('Show Everything');
    const choices = [send, ...(write.compare ? [compare] : []), everything];
    const detail = `${write.detail}\n\n${vscode.l10n.t('{0}: "Show Everything" opens all of it beside, read-only.', sentSize(write.sent))}`;
    for (;;) {
      const answer = await this.services.input.choose(write.question, { detail, choices });
      if (answer === send) return;
      if (answer === compare && write.compare) await write.compare();
      else if (answer === everything)
        await this.services.versions.showReadOnly('sent-requests.jsonc', sentText(write.sent));
      else throw new WriteNotSentError(write.cancelled);
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
      const answer = await this.services.input.choose(
        vscode.l10n.t('{0} was changed on the service after you opened it.', change.subject),
        {
          detail: vscode.l10n.t(
            '{0}\nOverwrite sends your edits; Revert replaces them with the version on the service.',
            change.detail,
          ),
          choices: [compare, overwrite, revert],
        },
      );
      if (answer === overwrite) return 'overwrite';
      if (answer === revert) return 'revert';
      if (answer !== compare) {
        const subject = change.subject.charAt(0).toLowerCase() + change.subject.slice(1);
        throw new WriteNotSentError(
          vscode.l10n.t(
            'Not saved: {0} changed on the service (now {1}). Your edits are still in the editor; use "Revert File" to load the new version.',
            subject,
            change.now ?? vscode.l10n.t('unknown time'),
          ),
        );
      }
      await this.services.versions.compare(
        resourceUri(ref.connection, ref.kind, ...ref.ids),
        change.serviceText,
        vscode.l10n.t('{0}: the service now ↔ your edits', change.subject),
      );
    }
  }
}
