import * as vscode from 'vscode';
import type { BuildingTwinsApi, TicketMetadataKind } from '../../core/api/types';
import type { ExtensionServices } from '../shell/services';
import type { TicketReferences } from './ticketRequest';
import { noIcons, noIconsOpt } from '../shell/iconText';
import { listTicketMetadata } from './ticketVocabulary';

/** Asks for every reference of a new ticket through the user-input seam; "(none)" leaves one empty. */
export async function pickTicketReferences(
  ctx: Pick<ExtensionServices, 'input'>,
  client: BuildingTwinsApi,
): Promise<TicketReferences> {
  const twinId = (
    await ctx.input.input({
      title: vscode.l10n.t('Create ticket (preview) 1/6: twin'),
      prompt: vscode.l10n.t('Twin id the ticket is about (empty: none)'),
      placeHolder: 'AHU-1', // l10n-exempt: an example of a twin id
    })
  ).trim();
  if (twinId) await client.getTwin(twinId); // a clear 404 now rather than a dangling reference later
  const insights = (
    await client.listInsights({ page: 1, pageSize: 100, sortSpecifications: [{ field: 'updatedDate', sort: 'desc' }] })
  ).items.filter((i) => !twinId || i.twinId === twinId);
  const insight = await pickOrNone(
    ctx,
    insights.map((i) => ({
      label: noIcons(i.name ?? i.id),
      description: noIconsOpt(i.twinId),
      id: i.id,
      name: i.name ?? null,
    })),
    vscode.l10n.t('Create ticket (preview) 2/6: insight'),
  );
  const categoryId = await pickMetadata(
    ctx,
    client,
    'categories',
    vscode.l10n.t('Create ticket (preview) 3/6: category'),
  );
  const jobTypeId = await pickMetadata(
    ctx,
    client,
    'job-types',
    vscode.l10n.t('Create ticket (preview) 4/6: job type'),
  );
  const serviceNeededId = await pickMetadata(
    ctx,
    client,
    'service-needed',
    vscode.l10n.t('Create ticket (preview) 5/6: service needed'),
  );
  const priorities = await client.listTicketPriorities();
  const priority = await pickOrNone(
    ctx,
    priorities.map((p) => ({
      label: noIcons(p.name ?? p.id),
      description: noIconsOpt(
        p.priorityLevel === undefined || p.priorityLevel === null ? undefined : String(p.priorityLevel),
      ),
      id: p.id,
      name: p.name,
    })),
    vscode.l10n.t('Create ticket (preview) 6/6: priority'),
  );
  return {
    twinId: twinId || null,
    insightId: insight?.id ?? null,
    insightName: insight?.name ?? null,
    categoryId: categoryId ?? null,
    jobTypeId: jobTypeId ?? null,
    serviceNeededId: serviceNeededId ?? null,
    priorityId: priority?.id ?? null,
  };
}

async function pickMetadata(
  ctx: Pick<ExtensionServices, 'input'>,
  client: BuildingTwinsApi,
  kind: TicketMetadataKind,
  title: string,
): Promise<string | undefined> {
  const items = await listTicketMetadata(client, kind);
  return (
    await pickOrNone(
      ctx,
      items.map((i) => ({ label: noIcons(i.name), id: i.id, name: i.name })),
      title,
    )
  )?.id;
}

async function pickOrNone<T extends { label: string; id: string; name: string | null }>(
  ctx: Pick<ExtensionServices, 'input'>,
  items: T[],
  title: string,
): Promise<T | undefined> {
  const none = vscode.l10n.t('(none)');
  const picked = await ctx.input.pick([{ label: none, id: '', name: null } as T, ...items], {
    title,
    matchOnDescription: true,
  });
  return picked.label === none && picked.id === '' ? undefined : picked;
}
