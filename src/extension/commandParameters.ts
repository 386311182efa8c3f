// The parameters of every command, in one table: what each position accepts (see commandArgs.ts). A view-title
// button gets the focused row and the selection, a row menu the clicked row and the selection, the Explorer a
// URI and the selected URIs: whatever a command cannot use there is dropped before its handler runs, so
// "Go to Twin…" with a twin row selected asks for a twin, and "Filter Twins…" never takes a model group
// for a filter.
import * as vscode from 'vscode';
import { type ArgGuard, instanceOf, listOf, oneOf, options, text } from './shell/commandArgs';
import { ConnectionNode } from './explorer/connectionNode';
import { EventNode, EventsNode } from './events/eventNodes';
import { InsightNode } from './insights/insightsNode';
import { LocationNode } from './twins/locationsNode';
import { ModelNode } from './models/modelsNode';
import { LoadMoreNode } from './explorer/pagedNode';
import { TicketAttachmentNode, TicketNode } from './tickets/ticketNodes';
import { TreeNode } from './explorer/treeNode';
import { RelationshipNode, TwinNode } from './twins/twinNode';
import { TwinModelGroupNode } from './twins/twinsNode';

const row = instanceOf(TreeNode);
const uri: ArgGuard = (value) => value instanceof vscode.Uri;
/** A file: a URI, or a path typed or passed by another command. */
const file = oneOf(uri, text);
const files = listOf(file);
const twinRow = instanceOf(TwinNode, LocationNode);
/** What the panels read a target from (panelTargets.ts reads rows by their shape): any object but a list or a URI. */
const panelRow: ArgGuard = (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && !uri(value);
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
  'buildingTwins.editConnection': [oneOf(instanceOf(ConnectionNode), text)],
  'buildingTwins.removeConnection': [oneOf(instanceOf(ConnectionNode), text)],
  'buildingTwins.makeConnectionReadOnly': [oneOf(instanceOf(ConnectionNode), text)],
  'buildingTwins.allowConnectionWrites': [oneOf(instanceOf(ConnectionNode), text)],
  'buildingTwins.setActiveConnection': [oneOf(instanceOf(ConnectionNode), text)],
  'buildingTwins.copyAccessToken': [oneOf(instanceOf(ConnectionNode), text)],
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
  'buildingTwins.openModel': [oneOf(instanceOf(ModelNode), text)],
  'buildingTwins.openRelationship': [instanceOf(RelationshipNode)],
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': [],
  // panels: (row or twin id or ids, the selected rows)
  'buildingTwins.showTimeSeries': [oneOf(panelRow, text, listOf(text)), listOf(panelRow)],
  'buildingTwins.showInsights': [oneOf(panelRow, text, listOf(text)), listOf(panelRow)],
  'buildingTwins.showTwinGraph': [oneOf(panelRow, text, listOf(text)), listOf(panelRow)],
  // events
  'buildingTwins.events.open': [oneOf(instanceOf(EventNode), text)],
  'buildingTwins.events.newFromTemplate': [oneOf(row, text)],
  'buildingTwins.events.upsertFromJson': [oneOf(uri, json)],
  'buildingTwins.events.delete': [oneOf(instanceOf(EventNode), listOf(text)), listOf(instanceOf(EventNode))],
  'buildingTwins.events.uploadFile': [oneOf(file, files), files],
  'buildingTwins.events.filter': [instanceOf(EventsNode), options],
  'buildingTwins.events.clearFilter': [row],
  // tickets
  'buildingTwins.tickets.open': [oneOf(instanceOf(TicketNode), text)],
  'buildingTwins.tickets.create': [row],
  'buildingTwins.tickets.createFromJson': [oneOf(uri, json)],
  'buildingTwins.tickets.createForInsight': [oneOf(instanceOf(InsightNode), text)],
  'buildingTwins.tickets.applyPatch': [oneOf(instanceOf(TicketNode), uri, text), json],
  'buildingTwins.tickets.editField': [oneOf(instanceOf(TicketNode), uri)],
  'buildingTwins.tickets.openAttachment': [oneOf(instanceOf(TicketAttachmentNode), options)],
  'buildingTwins.tickets.saveAttachment': [oneOf(instanceOf(TicketAttachmentNode), options), file],
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
