import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import type { ConnectionScope } from '../explorer/explorerServices';
import { withTokenSignal } from '../shell/tokenSignal';
import { TWIN_TOOLTIP_COMMANDS, twinTooltipMarkdown, type TwinTooltipFacts } from '../explorer/tooltipMarkdown';

/** Relationship counts already known to the row (its Outgoing/Incoming lists were loaded), else undefined. */
export type KnownCounts = () => { outgoing?: number; incoming?: number };

async function relationshipCounts(
  conn: ConnectionScope,
  twinId: string,
  known: ReturnType<KnownCounts>,
  signal: AbortSignal,
): Promise<TwinTooltipFacts['relationships']> {
  try {
    const client = await conn.client();
    const [outgoing, incoming] = await Promise.all([
      known.outgoing ?? client.listOutgoingRelationships(twinId, {}, { signal }).then((r) => r.length),
      known.incoming ?? client.listIncomingRelationships(twinId, { signal }).then((r) => r.length),
    ]);
    return { outgoing, incoming };
  } catch (err) {
    return { error: errorText(err) };
  }
}

/**
 * A twin row's tooltip, built when the row is hovered (TreeDataProvider.resolveTreeItem): up to two relationship
 * reads (none for lists the row already loaded) and the connection's open insights (read once per connection).
 * Its Markdown runs only the open / chart / graph commands.
 */
export async function resolveTwinTooltip(
  conn: ConnectionScope,
  twin: DigitalTwin,
  index: ModelIndex | undefined,
  known: KnownCounts,
  token: vscode.CancellationToken,
): Promise<vscode.MarkdownString> {
  return withTokenSignal(token, async (signal) => {
    const [relationships, insights] = await Promise.all([
      relationshipCounts(conn, twin.id, known(), signal),
      conn.services.openInsights.of(conn.connection).then(
        (summary) => ({ entry: summary.byTwin.get(twin.id), truncated: summary.truncated }),
        (err: unknown) => ({ entry: { error: errorText(err) }, truncated: false }),
      ),
    ]);
    const text = twinTooltipMarkdown({
      connection: conn.connection,
      twin,
      index,
      relationships,
      insights: insights.entry,
      insightsTruncated: insights.truncated,
    });
    const markdown = new vscode.MarkdownString(text);
    markdown.isTrusted = { enabledCommands: [...TWIN_TOOLTIP_COMMANDS] };
    return markdown;
  });
}
