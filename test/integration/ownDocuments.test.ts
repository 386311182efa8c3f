// The extension's own JSON documents: event and ticket documents are checked against the schemas of the live
// lists while they are typed, and timestamps and UUIDs are coloured there (semantic tokens), not in other JSON.
import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import * as vscode from 'vscode';
import { replaceAll } from './documentEdits';
import type { Ticket } from '../../src/core/api/types';
import { resourceUri } from '../../src/extension/documents/resourceUri';
import { emulatorUrl, eventually, extensionApi, LOCAL } from './explorerHelpers';

const schemaMessages = (uri: vscode.Uri): string[] =>
  vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source !== 'Building Twins')
    .map((d) => d.message);

describe("the extension's own JSON documents", () => {
  afterEach(async () => {
    for (let i = 0; i < 10 && vscode.window.activeTextEditor; i++)
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('serves ticket and event schemas with the ids of the live lists, and the ticket document on screen passes them', async function () {
    emulatorUrl(this);
    const client = await (await extensionApi()).context.getActiveClient();
    const [ticket] = (await client.listTickets({ page: 1, pageSize: 1 })).items;
    // An earlier suite may have left the schema open as served while the emulator was stopped; the provider announces
    // a change when the emulator is back, and the open document is read again after that event.
    type TicketSchema = { properties?: { ticketStatus: { properties: { id: { enum: string[] } } } } };
    const statusIds = (await client.listTicketStatuses()).map((s) => s.id);
    let schema: TicketSchema = {};
    await eventually(async () => {
      schema = JSON.parse(
        (
          await vscode.workspace.openTextDocument(vscode.Uri.parse('buildingtwins-schema://schemas/ticket.json'))
        ).getText(),
      ) as TicketSchema;
      assert.deepEqual(
        schema.properties?.ticketStatus.properties.id.enum,
        statusIds,
        JSON.stringify(schema).slice(0, 300),
      );
    }, 30_000);
    const doc = await vscode.workspace.openTextDocument(resourceUri(LOCAL, 'tickets', ticket.id));
    const validate = new Ajv({ strict: false }).compile(schema);
    assert.equal(validate(JSON.parse(doc.getText())), true, JSON.stringify(validate.errors));
    for (const kind of ['event', 'events', 'ticket-request', 'ticket-patch']) {
      await eventually(async () => {
        const served = JSON.parse(
          (
            await vscode.workspace.openTextDocument(vscode.Uri.parse(`buildingtwins-schema://schemas/${kind}.json`))
          ).getText(),
        ) as { title?: string; description?: string };
        assert.ok(served.title, `${kind} is served: ${served.description ?? ''}`);
      }, 30_000);
    }
  });

  it('shows an unknown ticket status while the ticket document is typed, before any save', async function () {
    emulatorUrl(this);
    const client = await (await extensionApi()).context.getActiveClient();
    const [ticket] = (await client.listTickets({ page: 1, pageSize: 1 })).items;
    const doc = await vscode.workspace.openTextDocument(resourceUri(LOCAL, 'tickets', ticket.id));
    await vscode.window.showTextDocument(doc);
    const edited = JSON.parse(doc.getText()) as Ticket;
    await replaceAll(
      doc,
      JSON.stringify({ ...edited, ticketStatus: { ...edited.ticketStatus, id: 'no-such-status' } }, null, 2),
    );
    await eventually(
      () =>
        assert.ok(
          schemaMessages(doc.uri).some((m) => /Value is not accepted|no-such-status|enum/i.test(m)),
          schemaMessages(doc.uri).join(' | '),
        ),
      30_000,
    );
    assert.equal(doc.isDirty, true, 'shown while typing: nothing was saved');
  });

  it('checks a new events draft against the event types: an unknown type name shows', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse('untitled:/own-documents/check.events.json'));
    await vscode.window.showTextDocument(doc);
    await replaceAll(
      doc,
      JSON.stringify(
        [
          {
            name: 'x',
            startTime: '2024-10-01T00:00:00Z',
            eventTypeId: 'NoSuchType',
            twinId: 'BLD-HP',
            payload: '{}',
            payloadVersion: '1.0',
          },
        ],
        null,
        2,
      ),
    );
    await eventually(() => assert.ok(schemaMessages(doc.uri).length > 0, 'a problem for the unknown type'), 30_000);
  });

  it('colours timestamps and UUIDs in its own documents only', async function () {
    emulatorUrl(this);
    const client = await (await extensionApi()).context.getActiveClient();
    const [ticket] = (await client.listTickets({ page: 1, pageSize: 1 })).items;
    const own = await vscode.workspace.openTextDocument(resourceUri(LOCAL, 'tickets', ticket.id));
    const legend = await vscode.commands.executeCommand<vscode.SemanticTokensLegend>(
      'vscode.provideDocumentSemanticTokensLegend',
      own.uri,
    );
    assert.deepEqual(legend?.tokenTypes, ['buildingTwinsTimestamp', 'buildingTwinsUuid']);
    const tokens = await vscode.commands.executeCommand<vscode.SemanticTokens>(
      'vscode.provideDocumentSemanticTokens',
      own.uri,
    );
    assert.ok(tokens && tokens.data.length >= 5 * 2, 'at least two tokens (the ticket id and a date)');
    const uuidType = legend.tokenTypes.indexOf('buildingTwinsUuid');
    assert.ok(
      tokens.data.some((value, i) => i % 5 === 3 && value === uuidType),
      'the ticket id is a UUID token',
    );

    const other = await vscode.workspace.openTextDocument({
      language: 'json',
      content: `{ "id": "${ticket.id}", "at": "2024-10-01T00:00:00Z" }`,
    });
    const none = await vscode.commands.executeCommand<vscode.SemanticTokens | undefined>(
      'vscode.provideDocumentSemanticTokens',
      other.uri,
    );
    assert.equal(none, undefined, 'other JSON keeps its theme colours');
  });
});
