import * as vscode from 'vscode';
import { connectionStateText } from './connectionStateText';
import { errorText } from '../../core/api/apiError';
import { resolveBaseUrl } from '../../core/api/baseUrl';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { type ConnectionProfile, isLocalConnection, validateConnectionName } from './connectionProfile';
import { noIcons } from '../shell/iconText';
import { originOf } from './connectionSecrets';
import { type Guarded, oneOf, options, text } from '../shell/commandArgs';
import { connectionRow } from '../shell/argGuards';
import { promptReadOnly } from './readOnlyChoice';

/** Arguments to skip the prompts (tests, other commands). */
export interface ConnectionArgs {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Refuse writes on this connection (default false). */
  readOnly?: boolean;
}

const connectionArgs = (value: unknown): value is ConnectionArgs =>
  options(value) &&
  ['name', 'baseUrl', 'clientId', 'clientSecret'].every((field) => typeof value[field] === 'string') &&
  (value.readOnly === undefined || typeof value.readOnly === 'boolean');

/** A connection: its row in the explorer, or its name. */
export const connection = oneOf(connectionRow, text);
export type ConnectionTarget = Guarded<typeof connection>;

function validateUrl(value: string): string | undefined {
  try {
    resolveBaseUrl(value);
    return undefined;
  } catch (err) {
    return errorText(err);
  }
}

/** A connection name from a tree node, a plain string, or a pick among the connections. */
export async function connectionName(
  ctx: Pick<ExtensionServices, 'connections' | 'input'>,
  arg: ConnectionTarget | undefined,
  title: string,
  customOnly = false,
): Promise<string> {
  if (typeof arg === 'string') return arg;
  if (arg?.connection !== undefined) return arg.connection;
  const profiles = ctx.connections.list().filter((p) => !customOnly || !isLocalConnection(p.name));
  if (profiles.length === 0) throw new Error(vscode.l10n.t('There are no connections to choose from; add one first.'));
  const active = ctx.connections.activeName();
  const picked = await ctx.input.pick(
    profiles.map((p) => ({
      label: noIcons(p.name),
      description: noIcons(p.name === active ? vscode.l10n.t('{0} · active', p.baseUrl) : p.baseUrl),
      name: p.name,
    })),
    { title, placeHolder: vscode.l10n.t('Choose a connection') },
  );
  return picked.name;
}

/** The title of step `step` of `steps`: "Add Building Twins connection (2/5)". */
const stepTitle = (title: string, step: number, steps: number): string =>
  vscode.l10n.t('{0} ({1}/{2})', title, step, steps);

/** The profile's four prompts, as steps 1–4 of `steps`. */
async function promptProfile(
  ctx: Pick<ExtensionServices, 'connections' | 'input'>,
  title: string,
  steps: number,
  current?: ConnectionProfile,
): Promise<{ profile: ConnectionProfile; secret?: string }> {
  const taken = ctx.connections
    .list()
    .map((p) => p.name)
    .filter((n) => n !== current?.name);
  const name = (
    await ctx.input.input({
      title: stepTitle(title, 1, steps),
      prompt: vscode.l10n.t('Connection name'),
      value: current?.name,
      validate: (v) => validateConnectionName(v, taken),
    })
  ).trim();
  const baseUrl = (
    await ctx.input.input({
      title: stepTitle(title, 2, steps),
      prompt: vscode.l10n.t('Instance name or base URL (https://…/api/v3)'),
      placeHolder: vscode.l10n.t('contoso  or  https://contoso.app.willowinc.com/api/v3'),
      value: current?.baseUrl,
      validate: validateUrl,
    })
  ).trim();
  const clientId = (
    await ctx.input.input({
      title: stepTitle(title, 3, steps),
      prompt: vscode.l10n.t('Client id'),
      value: current?.clientId,
      validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the client id.')),
    })
  ).trim();
  // A secret stays with the host it was entered for: a new host needs it typed again.
  const keepable = current !== undefined && originOf(resolveBaseUrl(baseUrl)) === originOf(current.baseUrl);
  const secret = await ctx.input.input({
    title: stepTitle(title, 4, steps),
    prompt: keepable
      ? vscode.l10n.t('Client secret (leave empty to keep the stored one)')
      : current
        ? vscode.l10n.t('Client secret (the service changed: enter it again)')
        : vscode.l10n.t('Client secret (kept in VS Code secret storage only)'),
    password: true,
    validate: (v) => (keepable || v ? undefined : vscode.l10n.t('Enter the client secret.')),
  });
  return { profile: { name, baseUrl: resolveBaseUrl(baseUrl), clientId }, secret: secret || undefined };
}

async function addConnection(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'tree'>,
  args?: ConnectionArgs,
): Promise<ConnectionProfile> {
  let profile: ConnectionProfile;
  let secret: string | undefined;
  if (args) {
    const invalid =
      validateConnectionName(
        args.name,
        ctx.connections.list().map((p) => p.name),
      ) ??
      validateUrl(args.baseUrl) ??
      (args.clientId.trim() ? undefined : vscode.l10n.t('The client id is empty.')) ??
      (args.clientSecret ? undefined : vscode.l10n.t('The client secret is empty.'));
    if (invalid) throw new Error(vscode.l10n.t('Cannot add the connection: {0}', invalid));
    profile = {
      name: args.name.trim(),
      baseUrl: resolveBaseUrl(args.baseUrl),
      clientId: args.clientId.trim(),
      ...(args.readOnly === true ? { readOnly: true } : {}),
    };
    secret = args.clientSecret;
  } else {
    const title = vscode.l10n.t('Add Building Twins connection');
    ({ profile, secret } = await promptProfile(ctx, title, 5));
    if (await promptReadOnly(ctx, stepTitle(title, 5, 5))) profile = { ...profile, readOnly: true };
  }
  await ctx.connections.add(profile, secret ?? '');
  ctx.tree.relist();
  return profile;
}

async function editConnection(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'models' | 'tree'>,
  arg?: ConnectionTarget,
): Promise<ConnectionProfile> {
  const name = await connectionName(ctx, arg, vscode.l10n.t('Edit connection'), true);
  const current = ctx.connections.require(name);
  if (isLocalConnection(name))
    throw new Error(
      vscode.l10n.t('"{0}" follows the buildingTwins.emulator.port setting; change that setting instead.', name),
    );
  const prompted = await promptProfile(ctx, vscode.l10n.t('Edit connection "{0}"', name), 4, current);
  // Read-only stays as it was: it changes through its own commands.
  const profile: ConnectionProfile = current.readOnly ? { ...prompted.profile, readOnly: true } : prompted.profile;
  await ctx.connections.update(name, profile, prompted.secret);
  ctx.models.invalidate(name);
  ctx.tree.relist();
  return profile;
}

async function removeConnection(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'models' | 'tree'>,
  arg?: ConnectionTarget,
): Promise<boolean> {
  const name = await connectionName(ctx, arg, vscode.l10n.t('Remove connection'), true);
  if (isLocalConnection(name)) throw new Error(vscode.l10n.t('"{0}" is built in and cannot be removed.', name));
  const ok = await ctx.input.confirm(vscode.l10n.t('Remove the connection "{0}"?', name), {
    detail: vscode.l10n.t('Its client secret and cached token are deleted from secret storage.'),
    confirmLabel: vscode.l10n.t('Remove'),
  });
  if (!ok) return false;
  await ctx.connections.remove(name);
  ctx.models.invalidate(name);
  ctx.tree.relist();
  return true;
}

async function setActiveConnection(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'tree'>,
  arg?: ConnectionTarget,
): Promise<string> {
  const name = await connectionName(ctx, arg, vscode.l10n.t('Set active connection'));
  await ctx.connections.setActive(name);
  ctx.tree.relist();
  return name;
}

async function copyAccessToken(
  ctx: Pick<ExtensionServices, 'connections' | 'input'>,
  arg?: ConnectionTarget,
): Promise<void> {
  const name =
    arg === undefined
      ? ctx.connections.activeName()
      : await connectionName(ctx, arg, vscode.l10n.t('Copy access token'));
  const token = await ctx.connections.signIn(name);
  await vscode.env.clipboard.writeText(token);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Access token for "{0}" copied to the clipboard. Treat it like a password.', name),
  );
}

async function showConnectionStatus(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree'>,
): Promise<void> {
  const name = ctx.connections.activeName();
  const profile = ctx.connections.require(name);
  const state = ctx.connections.state(name);
  const stateText = connectionStateText(state);
  const signIn = { label: `$(sync) ${vscode.l10n.t('Sign in again')}`, id: 'signIn' };
  const others = [
    { label: `$(arrow-swap) ${vscode.l10n.t('Switch connection…')}`, id: 'switch' },
    { label: `$(output) ${vscode.l10n.t('Show log')}`, id: 'log' },
  ];
  // Signing in again comes first only where it helps: after an error or before any sign-in.
  const actions = state.kind === 'error' || state.kind === 'idle' ? [signIn, ...others] : [...others, signIn];
  const picked = await ctx.input.pick(actions, {
    title: `${name} — ${profile.baseUrl} — ${stateText}`,
    placeHolder: stateText,
  });
  if (picked.id === 'signIn') {
    await ctx.connections.signIn(name);
    ctx.tree.refresh(ctx.tree.connectionNode(name));
  } else if (picked.id === 'switch') await setActiveConnection(ctx);
  else ctx.log.show();
}

/** "Make Connection Read-Only" / "Allow Writes on Connection": the flag, the client, the tree's menus, open documents. */
async function setReadOnly(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'tree' | 'documents'>,
  arg: ConnectionTarget | undefined,
  readOnly: boolean,
): Promise<ConnectionProfile> {
  const title = readOnly ? vscode.l10n.t('Make connection read-only') : vscode.l10n.t('Allow writes on connection');
  const name = await connectionName(ctx, arg, title, true);
  const profile = await ctx.connections.setReadOnly(name, readOnly);
  if (!readOnly && ctx.connections.readOnlyByWorkspace(name))
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        '"{0}" is writable in your settings, but stays read-only in this workspace: the workspace marks it read-only.',
        name,
      ),
    );
  ctx.tree.relist();
  ctx.documents.permissionsChanged(name);
  return profile;
}

export const connectionCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.addConnection': accepts(connectionArgs).run(addConnection),
  'buildingTwins.editConnection': accepts(connection).run(editConnection),
  'buildingTwins.removeConnection': accepts(connection).run(removeConnection),
  'buildingTwins.makeConnectionReadOnly': accepts(connection).run((ctx, arg) => setReadOnly(ctx, arg, true)),
  'buildingTwins.allowConnectionWrites': accepts(connection).run((ctx, arg) => setReadOnly(ctx, arg, false)),
  'buildingTwins.setActiveConnection': accepts(connection).run(setActiveConnection),
  'buildingTwins.copyAccessToken': accepts(connection).run(copyAccessToken),
  'buildingTwins.showConnectionStatus': accepts().run(showConnectionStatus),
};
