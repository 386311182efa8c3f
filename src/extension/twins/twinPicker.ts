// The live twin lookup of "Go to Twin…", shared by every command that asks for one twin (the panels too): typing
// an id, an external id or a part of a name lists the matching twins, one request per pause in the typing.
import * as vscode from 'vscode';
import type { QuickPickItem } from 'vscode';
import { TwinLookup } from '../../core/api/twinLookup';
import type { BuildingTwinsApi, DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { noIcons } from '../shell/iconText';
import type { UserInput } from '../shell/userInput';
import { twinLabel } from './twinLabel';

export interface TwinPick extends QuickPickItem {
  twin?: DigitalTwin;
}

/**
 * The twins matching the text: one request (id, external id, a part of the name), which `signal` aborts. Each
 * twin's model shows by its name when `models` (the connection's models) has it, else by its id.
 */
export async function lookupTwins(
  finder: TwinLookup,
  text: string,
  signal?: AbortSignal,
  models?: Promise<ModelIndex | undefined>,
): Promise<TwinPick[]> {
  const value = text.trim();
  if (!value) return [];
  const [found, index] = await Promise.all([finder.find(value, { signal }), models]);
  const items: TwinPick[] = found.map((twin) => {
    const externalId = twin.contents?.externalID;
    const model = index?.has(twin.modelId) ? index.displayName(twin.modelId) : twin.modelId;
    const detail = typeof externalId === 'string' ? vscode.l10n.t('{0} · external id {1}', model, externalId) : model;
    return {
      label: noIcons(twinLabel(twin)),
      description: noIcons(twin.id),
      detail: noIcons(detail),
      twin,
      alwaysShow: true,
    };
  });
  if (items.length === 0)
    items.push({
      label: noIcons(vscode.l10n.t('No twin with id, external id or name matching "{0}"', value)),
      alwaysShow: true,
    });
  return items;
}

/** Asks for one twin with the live lookup; picking the "no match" row fails with its text. */
export async function pickTwin(
  input: UserInput,
  client: BuildingTwinsApi,
  options: { title: string; models?: Promise<ModelIndex | undefined> },
): Promise<DigitalTwin> {
  // One finder for the picker's session: a service that refuses its combined query is asked apart from then on.
  const finder = new TwinLookup(client);
  const picked = await input.pick<TwinPick>([], {
    title: options.title,
    placeHolder: vscode.l10n.t('Type a twin id, external id or name'),
    lookup: (v, signal) => lookupTwins(finder, v, signal, options.models),
  });
  if (!picked.twin) throw new Error(picked.label);
  return picked.twin;
}
