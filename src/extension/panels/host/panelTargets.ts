// What a panel command was invoked on: a twin id, several, a tree row (or a multi-selection of
// rows, read through rowSubject.ts), or nothing. Free of 'vscode' imports.
import { isRow, type RowSubject } from '../../explorer/rowSubject';

export interface PanelTarget {
  /** The connection of the node the command was run on; undefined = the active connection. */
  connection?: string;
  twinIds: string[];
  insightId?: string;
}

/** VS Code passes (clicked node, selected nodes) to tree context menu commands. */
export function panelTarget(arg?: RowSubject | string | string[], selection?: RowSubject[]): PanelTarget {
  const items: ReadonlyArray<RowSubject | string> =
    selection && selection.length > 1 ? selection : Array.isArray(arg) ? arg : arg === undefined ? [] : [arg];
  const twinIds: string[] = [];
  let connection: string | undefined;
  let insightId: string | undefined;
  for (const item of items) {
    if (typeof item === 'string') {
      if (item.trim()) twinIds.push(item.trim());
      continue;
    }
    connection ??= item.connection;
    if (isRow(item, 'insights')) insightId ??= item.ids[0];
    else if (isRow(item, 'twins')) twinIds.push(item.ids[0]);
  }
  return { connection, twinIds: [...new Set(twinIds)], insightId };
}
