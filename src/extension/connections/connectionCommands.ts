import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { resolveBaseUrl } from '../../core/api/baseUrl';
import type { CommandTable } from '../commands';
import type { BuildingTwinsContext } from '../extensionContext';
import type { ConnectionNode } from '../tree/connectionNode';
import { type ConnectionProfile, isLocalConnection, validateConnectionName } from './connectionProfile';
import { noIcons } from '../iconText';
import { originOf } from './connectionSecrets';

/** Arguments to skip the prompts (tests, other commands). */
export interface ConnectionArgs {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

function validateUrl(value: string): string | undefined {
  try {
    resolveBaseUrl(value);
    return undefined;
  } catch (err) {
    return errorText(err);
  }
}

/** A connection name from a tree node, a plain string, or a pick among the connections. */
async function connectionName(ctx: BuildingTwinsContext, arg: unknown, title: string, customOnly = false): Promise<string> {
  if (typeof arg === 'string') return arg;
  const node = arg as ConnectionNode | undefined;
  if (node && typeof node.connection === 'string') return node.connection;
  const profiles = ctx.connections.list().filter((p) => !customOnly || !isLocalConnection(p.name));
  if (profiles.length === 0) throw new Error('There are no connections to choose from; add one first.');
  const active = ctx.connections.activeName();
  const picked = await ctx.input.pick(
    profiles.map((p) => ({ label: noIcons(p.name), description: noIcons(`${p.baseUrl}${p.name === active ? ' · active' : ''}`), name: p.name })),
    { title, placeHolder: 'Choose a connection' },
  );
  return picked.name;
}

async function promptProfile(ctx: BuildingTwinsContext, title: string, current?: ConnectionProfile): Promise<{ profile: ConnectionProfile; secret?: string }> {
  const taken = ctx.connections.list().map((p) => p.name).filter((n) => n !== current?.name);
  const name = (await ctx.input.input({ title, prompt: 'Connection name', value: current?.name, validate: (v) => validateConnectionName(v, taken) })).trim();
  const baseUrl = (await ctx.input.input({
    title,
    prompt: 'Instance name or base URL (https://…/api/v3)',
    placeHolder: 'contoso  or  https://contoso.app.willowinc.com/api/v3',
    value: current?.baseUrl,
    validate: validateUrl,
  })).trim();
  const clientId = (await ctx.input.input({ title, prompt: 'Client id', value: current?.clientId, validate: (v) => (v.trim() ? undefined : 'Enter the client id.') })).trim();
  // A secret stays with the host it was entered for: a new host needs it typed again.
  const keepable = current !== undefined && originOf(resolveBaseUrl(baseUrl)) === originOf(current.baseUrl);
  const secret = await ctx.input.input({
    title,
    prompt: keepable ? 'Client secret (leave empty to keep the stored one)' : current ? 'Client secret (the service changed: enter it again)' : 'Client secret (kept in VS Code secret storage only)',
    password: true,
    validate: (v) => (keepable || v ? undefined : 'Enter the client secret.'),
  });
  return { profile: { name, baseUrl: resolveBaseUrl(baseUrl), clientId }, secret: secret || undefined };
}

async function addConnection(ctx: BuildingTwinsContext, args?: ConnectionArgs): Promise<ConnectionProfile> {
  let profile: ConnectionProfile;
  let secret: string | undefined;
  if (args) {
    const invalid = validateConnectionName(args.name, ctx.connections.list().map((p) => p.name)) ?? validateUrl(args.baseUrl)
      ?? (args.clientId.trim() ? undefined : 'The client id is empty.') ?? (args.clientSecret ? undefined : 'The client secret is empty.');
    if (invalid) throw new Error(`Cannot add the connection: ${invalid}`);
    profile = { name: args.name.trim(), baseUrl: resolveBaseUrl(args.baseUrl), clientId: args.clientId.trim() };
    secret = args.clientSecret;
  } else {
    ({ profile, secret } = await promptProfile(ctx, 'Add Building Twins connection'));
  }
  await ctx.connections.add(profile, secret ?? '');
  ctx.tree.relist();
  return profile;
}

async function editConnection(ctx: BuildingTwinsContext, arg?: unknown): Promise<ConnectionProfile> {
  const name = await connectionName(ctx, arg, 'Edit connection', true);
  const current = ctx.connections.require(name);
  if (isLocalConnection(name)) throw new Error(`"${name}" follows the buildingTwins.emulator.port setting; change that setting instead.`);
  const { profile, secret } = await promptProfile(ctx, `Edit connection "${name}"`, current);
  await ctx.connections.update(name, profile, secret);
  ctx.models.invalidate(name);
  ctx.tree.relist();
  return profile;
}

async function removeConnection(ctx: BuildingTwinsContext, arg?: unknown): Promise<boolean> {
  const name = await connectionName(ctx, arg, 'Remove connection', true);
  if (isLocalConnection(name)) throw new Error(`"${name}" is built in and cannot be removed.`);
  const ok = await ctx.input.confirm(`Remove the connection "${name}"?`, { detail: 'Its client secret and cached token are deleted from secret storage.', confirmLabel: 'Remove' });
  if (!ok) return false;
  await ctx.connections.remove(name);
  ctx.models.invalidate(name);
  ctx.tree.relist();
  return true;
}

async function setActiveConnection(ctx: BuildingTwinsContext, arg?: unknown): Promise<string> {
  const name = await connectionName(ctx, arg, 'Set active connection');
  await ctx.connections.setActive(name);
  ctx.tree.relist();
  return name;
}

async function copyAccessToken(ctx: BuildingTwinsContext, arg?: unknown): Promise<void> {
  const name = arg === undefined ? ctx.connections.activeName() : await connectionName(ctx, arg, 'Copy access token');
  const token = await ctx.connections.signIn(name);
  await vscode.env.clipboard.writeText(token);
  void vscode.window.showInformationMessage(`Access token for "${name}" copied to the clipboard. Treat it like a password.`);
}

async function showConnectionStatus(ctx: BuildingTwinsContext): Promise<void> {
  const name = ctx.connections.activeName();
  const profile = ctx.connections.require(name);
  const state = ctx.connections.state(name);
  const stateText = state.kind === 'error' ? `Error: ${state.message}` : state.kind === 'connected' ? 'Connected' : state.kind === 'signingIn' ? 'Signing in…' : 'Not signed in yet';
  const actions = [
    { label: '$(sync) Sign in again', id: 'signIn' },
    { label: '$(arrow-swap) Switch connection…', id: 'switch' },
    { label: '$(output) Show log', id: 'log' },
  ];
  const picked = await ctx.input.pick(actions, { title: `${name} — ${profile.baseUrl} — ${stateText}`, placeHolder: stateText });
  if (picked.id === 'signIn') {
    await ctx.connections.signIn(name);
    ctx.tree.refresh(ctx.tree.connectionNode(name));
  } else if (picked.id === 'switch') await setActiveConnection(ctx);
  else ctx.log.show();
}

export const connectionCommands: CommandTable = {
  'buildingTwins.addConnection': addConnection,
  'buildingTwins.editConnection': editConnection,
  'buildingTwins.removeConnection': removeConnection,
  'buildingTwins.setActiveConnection': setActiveConnection,
  'buildingTwins.copyAccessToken': copyAccessToken,
  'buildingTwins.showConnectionStatus': showConnectionStatus,
};
