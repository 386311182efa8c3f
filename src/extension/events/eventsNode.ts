import * as vscode from 'vscode';
import type { BuildingEvent, EventType } from '../../core/api/types';
import { rowResourceUri } from '../documents/resourceUri';
import { EVENT_DOCUMENT_KIND } from './eventDocumentHandler';
import { describeEventFilter, type EventFilter, eventsRequest, eventTypeName } from './eventQuery';
import type { ConnectionScope } from '../explorer/explorerServices';
import { numberedPage, type Page, PagedNode } from '../explorer/pagedNode';
import { rowKey, type ResourceRow } from '../explorer/resourceRows';
import { childId, nodeItem, TreeNode } from '../explorer/treeNode';
import { eventKey, eventRowText } from './eventRow';

/** "Events": the connection's events, newest first, page by page, with an optional type / time filter. */
export class EventsNode extends PagedNode<BuildingEvent, number> {
  private filterValue: EventFilter = {};
  private types: EventType[] = [];

  constructor(conn: ConnectionScope) {
    super(conn, childId(conn, 'events'), conn);
  }

  override get kind(): 'eventsGroup' {
    return 'eventsGroup';
  }

  override get reads(): string {
    return 'events';
  }

  get filter(): EventFilter {
    return this.filterValue;
  }

  /** Sets the filter and drops the loaded pages (the caller refreshes the node). */
  setFilter(filter: EventFilter): void {
    this.filterValue = filter;
    this.reset();
  }

  get eventTypes(): readonly EventType[] {
    return this.types;
  }

  getTreeItem(): vscode.TreeItem {
    const filtered = describeEventFilter(this.filterValue, this.types);
    return nodeItem(this, vscode.l10n.t('Events'), vscode.TreeItemCollapsibleState.Collapsed, {
      description:
        [filtered && vscode.l10n.t('filtered: {0}', filtered), this.pageDescription()].filter(Boolean).join(' · ') ||
        undefined,
      iconPath: new vscode.ThemeIcon('calendar'),
      contextValue: filtered ? 'eventsGroup.filtered' : 'eventsGroup',
      tooltip: filtered
        ? vscode.l10n.t('Events, newest first\nFilter: {0}', filtered)
        : vscode.l10n.t('Events, newest first'),
    });
  }

  protected async fetchPage(page: number | undefined): Promise<Page<BuildingEvent, number>> {
    const client = await this.conn.client();
    this.types = await this.conn.services.eventTypes.of(this.conn.connection, client);
    return numberedPage(page, (current) => client.listEvents(eventsRequest(this.filterValue, current)));
  }

  protected keyOf(event: BuildingEvent): string {
    return event.id ?? `${event.eventSourceId ?? ''}/${event.externalId ?? ''}/${event.startTime}`;
  }

  protected createNode(event: BuildingEvent): TreeNode {
    return new EventNode(this, event);
  }

  protected override emptyLabel(): string {
    return describeEventFilter(this.filterValue, this.types)
      ? vscode.l10n.t('No events match the filter')
      : vscode.l10n.t('No events');
  }

  override reset(): void {
    super.reset();
    this.conn.services.eventTypes.forget(this.conn.connection);
  }
}

class EventNode extends TreeNode implements ResourceRow {
  constructor(
    readonly group: EventsNode,
    public event: BuildingEvent,
  ) {
    super(group, childId(group, eventKey(event)));
    if (event.id) group.conn.services.tree.rows.add(rowKey(group.conn.connection, EVENT_DOCUMENT_KIND, event.id), this);
  }

  /** The event as saved (its name, type and times show at once). */
  showWritten(value: unknown): TreeNode {
    this.event = value as BuildingEvent;
    return this;
  }

  override get connection(): string {
    return this.group.conn.connection;
  }

  override get kind(): 'events' {
    return 'events';
  }

  override get ids(): readonly string[] {
    return this.event.id ? [this.event.id] : [];
  }

  override get value(): BuildingEvent {
    return this.event;
  }

  getTreeItem(): vscode.TreeItem {
    const e = this.event;
    const typeName = eventTypeName(e.eventTypeId, this.group.eventTypes);
    const row = eventRowText(e, typeName);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = row.description;
    item.tooltip = new vscode.MarkdownString().appendText(row.tooltip);
    item.iconPath = new vscode.ThemeIcon('calendar');
    item.contextValue = 'event';
    if (e.id) {
      item.resourceUri = rowResourceUri(this.connection, EVENT_DOCUMENT_KIND, e.id);
      item.command = { command: 'buildingTwins.events.open', title: vscode.l10n.t('Open event'), arguments: [this] };
    }
    return item;
  }
}
