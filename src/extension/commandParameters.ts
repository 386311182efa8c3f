// The parameters of every command, in one table: what each position accepts (see commandArgs.ts). A view-title
// button gets the focused row and the selection, a row menu the clicked row and the selection, the Explorer a
// URI and the selected URIs: whatever a command cannot use there is dropped before its handler runs, so
// "Go to Twin…" with a twin row selected asks for a twin, and "Filter Twins…" never takes a model group
// for a filter.
import * as vscode from 'vscode';
import { type ArgGuard, instanceOf, listOf, oneOf, options, text } from './shell/commandArgs';
import { EventsNode } from './events/eventNodes';
import { ModelNode } from './models/modelsNode';
import { LoadMoreNode } from './explorer/pagedNode';
import { isRow, type RowKind } from './explorer/rowSubject';
import { TreeNode } from './explorer/treeNode';
import { TwinModelGroupNode } from './twins/twinsNode';

const row = instanceOf(TreeNode);
const uri: ArgGuard = (value) => value instanceof vscode.Uri;
/** A file: a URI, or a path typed or passed by another command. */
const file = oneOf(uri, text);
const files = listOf(file);
/** A row of the explorer that stands for one of `kinds` (rowSubject.ts). */
const rowOf =
  (...kinds: RowKind[]): ArgGuard =>
  (value) =>
    value instanceof TreeNode && isRow(value, ...kinds);
const twinRow = rowOf('twins');
/** What the panels read a target from: a row, or a row in plain data (a tooltip's Chart and Graph links). */
const panelRow: ArgGuard = (value) => isRow(value);
/** JSON to send: text, or the value itself (an object, or an array of objects such as a JSON Patch). */
const json = oneOf(text, options, listOf(options));

export const commandParameters: Readonly<Record<string, readonly ArgGuard[]>> = {
  // twin request files: (file, request name) from a CodeLens; nothing from the keybinding (the request at the cursor)
  'buildingTwins.runRequest': [uri, text],
  'buildingTwins.runAllRequests': [uri],
  'buildingTwins.openSampleRequests': [],
  'buildingTwins.saveTwinGroupAsRequest': [instanceOf(TwinModelGroupNode)],
  // connections and the local emulator
  'buildingTwins.addConnection': [options],
  'buildingTwins.editConnection': [oneOf(rowOf('connection'), text)],
  'buildingTwins.removeConnection': [oneOf(rowOf('connection'), text)],
  'buildingTwins.makeConnectionReadOnly': [oneOf(rowOf('connection'), text)],
  'buildingTwins.allowConnectionWrites': [oneOf(rowOf('connection'), text)],
  'buildingTwins.setActiveConnection': [oneOf(rowOf('connection'), text)],
  'buildingTwins.copyAccessToken': [oneOf(rowOf('connection'), text)],
  'buildingTwins.showConnectionStatus': [],
  'buildingTwins.startEmulator': [options],
  'buildingTwins.stopEmulator': [],
  // the explorer
  'buildingTwins.refresh': [],
  'buildingTwins.refreshNode': [row],
  'buildingTwins.loadMore': [instanceOf(LoadMoreNode)],
  'buildingTwins.filterTwins': [options],
  'buildingTwins.clearFilter': [],
  'buildingTwins.sortTwins': [text],
  'buildingTwins.goToTwin': [text],
  // copies: (clicked row, selected rows)
  'buildingTwins.copyId': [row, listOf(row)],
  'buildingTwins.copyJson': [row, listOf(row)],
  'buildingTwins.copyAsCurl': [row, listOf(row)],
  'buildingTwins.copyAsHttp': [row, listOf(row)],
  'buildingTwins.countTwins': [instanceOf(ModelNode)],
  // documents: (row) or (twin id) or (connection, twin id); Open Twin also (row, selected rows)
  'buildingTwins.openTwin': [oneOf(twinRow, text), oneOf(text, listOf(row))],
  'buildingTwins.openModel': [oneOf(rowOf('models'), text)],
  'buildingTwins.openRelationship': [rowOf('relationships')],
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': [],
  // panels: (row or twin id or ids, the selected rows)
  'buildingTwins.showTimeSeries': [oneOf(panelRow, text, listOf(text)), listOf(panelRow)],
  'buildingTwins.showInsights': [oneOf(panelRow, text, listOf(text)), listOf(panelRow)],
  'buildingTwins.showTwinGraph': [oneOf(panelRow, text, listOf(text)), listOf(panelRow)],
  // events
  'buildingTwins.events.open': [oneOf(rowOf('events'), text)],
  'buildingTwins.events.newFromTemplate': [oneOf(row, text)],
  'buildingTwins.events.upsertFromJson': [oneOf(uri, json)],
  'buildingTwins.events.delete': [oneOf(rowOf('events'), listOf(text)), listOf(rowOf('events'))],
  'buildingTwins.events.uploadFile': [oneOf(file, files), files],
  'buildingTwins.events.filter': [instanceOf(EventsNode), options],
  'buildingTwins.events.clearFilter': [row],
  // tickets
  'buildingTwins.tickets.open': [oneOf(rowOf('tickets'), text)],
  'buildingTwins.tickets.create': [row],
  'buildingTwins.tickets.createFromJson': [oneOf(uri, json)],
  'buildingTwins.tickets.createForInsight': [oneOf(rowOf('insights'), text)],
  'buildingTwins.tickets.applyPatch': [oneOf(rowOf('tickets'), uri, text), json],
  'buildingTwins.tickets.editField': [oneOf(rowOf('tickets'), uri)],
  'buildingTwins.tickets.openAttachment': [oneOf(rowOf('ticketAttachments'), options)],
  'buildingTwins.tickets.saveAttachment': [oneOf(rowOf('ticketAttachments'), options), file],
  'buildingTwins.tickets.createMetadata': [oneOf(row, text), text],
  'buildingTwins.tickets.renameMetadata': [row, text],
  // authoring
  'buildingTwins.newTwinDraft': [oneOf(row, text)],
  'buildingTwins.createFromJson': [file],
  'buildingTwins.createRelationship': [oneOf(twinRow, text)],
  'buildingTwins.importFile': [oneOf(file, row), files],
  'buildingTwins.exportTwins': [row, oneOf(file, listOf(row))],
  'buildingTwins.sendTelemetryFile': [file, files],
  // help
  'buildingTwins.openWalkthrough': [],
  'buildingTwins.reportIssue': [],
};
