// What a panel command was invoked on: a twin id, several, a tree node (or a multi-selection of
// nodes), or nothing. Free of 'vscode' imports.

export interface PanelTarget {
  /** The connection of the node the command was run on; undefined = the active connection. */
  connection?: string;
  twinIds: string[];
  insightId?: string;
}

/** VS Code passes (clicked node, selected nodes) to tree context menu commands. */
export function panelTarget(arg: unknown, selection?: unknown): PanelTarget {
  const items = Array.isArray(selection) && selection.length > 1 ? selection : Array.isArray(arg) ? arg : arg === undefined ? [] : [arg];
  const twinIds: string[] = [];
  let connection: string | undefined;
  let insightId: string | undefined;
  for (const item of items) {
    if (typeof item === 'string') {
      if (item.trim()) twinIds.push(item.trim());
      continue;
    }
    // l10n-exempt: the command table passes only ids and rows here (commandParameters.ts)
    if (!item || typeof item !== 'object') throw new Error(`Expected a twin id or a tree node, got ${typeof item}`);
    const node = item as Record<string, unknown>;
    connection ??= connectionOf(node);
    const insight = node.insight as Record<string, unknown> | undefined;
    if (insight && typeof insight.id === 'string') {
      insightId ??= insight.id;
      continue;
    }
    const twinId = typeof node.twinId === 'string' ? node.twinId : typeof (node.twin as { id?: unknown } | undefined)?.id === 'string' ? (node.twin as { id: string }).id : undefined;
    if (twinId) twinIds.push(twinId);
  }
  return { connection, twinIds: [...new Set(twinIds)], insightId };
}

/** The connection name carried by the node or its nearest ancestor (`connection` or `conn.connection`). */
function connectionOf(start: Record<string, unknown>): string | undefined {
  for (let node: Record<string, unknown> | undefined = start, depth = 0; node && depth < 50; node = node.parent as Record<string, unknown> | undefined, depth++) {
    if (typeof node.connection === 'string') return node.connection;
    const conn = node.conn as { connection?: unknown } | undefined;
    if (typeof conn?.connection === 'string') return conn.connection;
  }
  return undefined;
}
