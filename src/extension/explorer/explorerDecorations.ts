import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { insightBadge } from '../../core/api/openInsights';
import { countText } from '../../shared/countText';
import { parseResourceUri, RESOURCE_SCHEME, ROW_FRAGMENT } from '../documents/resourceUri';
import type { OpenInsightsCache } from '../insights/openInsightsCache';
import type { ExtensionLog } from '../shell/extensionLog';

/** The colour of a twin's badge by its most urgent open insight: 1 error, 2 warning, others and none info. */
function insightBadgeColor(topPriority: number | undefined): string {
  if (topPriority === 1) return 'list.errorForeground';
  if (topPriority === 2) return 'list.warningForeground';
  return 'charts.blue';
}

/**
 * Twin rows with open insights get a badge with the count, coloured by the most urgent priority; the hover says
 * what it counts. Only rows (their URIs end in `#row`): on a document's tab a number beside the name reads as a
 * count of problems while Problems is empty. The connection's open insights are read when its first twin row is
 * drawn (OpenInsightsCache).
 */
export class InsightBadgeDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(
    private readonly insights: Pick<OpenInsightsCache, 'of' | 'onDidChange'>,
    private readonly log: Pick<ExtensionLog, 'warn'>,
  ) {
    this.listener = insights.onDidChange(() => this.changed.fire(undefined));
  }

  async provideFileDecoration(uri: vscode.Uri): Promise<vscode.FileDecoration | undefined> {
    if (uri.scheme !== RESOURCE_SCHEME || uri.fragment !== ROW_FRAGMENT) return undefined;
    let ref;
    try {
      ref = parseResourceUri(uri);
    } catch {
      return undefined;
    }
    if (ref.kind !== 'twins' || ref.ids.length !== 1) return undefined;
    let entry;
    try {
      entry = (await this.insights.of(ref.connection)).byTwin.get(ref.ids[0]);
    } catch (err) {
      this.log.warn(`Open insights of "${ref.connection}" not read for the explorer's badges: ${errorText(err)}`);
      return undefined;
    }
    if (!entry) return undefined;
    const words = countText(entry.count, {
      one: vscode.l10n.t('{0} open insight'),
      other: vscode.l10n.t('{0} open insights'),
    });
    const tooltip =
      entry.topPriority === undefined
        ? words
        : vscode.l10n.t('{0} (most urgent: priority {1})', words, entry.topPriority);
    return new vscode.FileDecoration(
      insightBadge(entry.count),
      tooltip,
      new vscode.ThemeColor(insightBadgeColor(entry.topPriority)),
    );
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}

/**
 * Rows whose document has unsaved edits (a twin, ticket or event changed in an editor and not yet sent) get a dot. Only
 * rows (their URIs end in `#row`): the document's tab shows VS Code's own dot, a second one would say it twice.
 */
export class EditedDocumentDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly listeners: vscode.Disposable[];
  private readonly dirty = new Set<string>();

  constructor() {
    const update = (doc: vscode.TextDocument): void => {
      if (doc.uri.scheme !== RESOURCE_SCHEME) return;
      const key = doc.uri.toString();
      const isDirty = doc.isDirty && !doc.isClosed;
      if (isDirty === this.dirty.has(key)) return;
      if (isDirty) this.dirty.add(key);
      else this.dirty.delete(key);
      this.changed.fire([doc.uri.with({ fragment: ROW_FRAGMENT })]);
    };
    this.listeners = [
      vscode.workspace.onDidChangeTextDocument((e) => update(e.document)),
      vscode.workspace.onDidSaveTextDocument(update),
      vscode.workspace.onDidCloseTextDocument(update),
    ];
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.fragment !== ROW_FRAGMENT || !this.dirty.has(uri.with({ fragment: '' }).toString())) return undefined;
    return new vscode.FileDecoration(
      '●',
      vscode.l10n.t('Unsaved changes: not sent to the service yet'),
      new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'),
    );
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
