import type { SampleData } from './sample/sampleBuilding';
import { COLLECTIONS } from './collectionNames';
import type { Store } from './store/store';
import { deriveRelationshipId } from './twins/relationshipId';
import type { StoredTwin } from './twins/twinGraph';

/** Puts the sample building into an empty store (trusted data: no validation, no log; a snapshot follows). */
export function loadSample(store: Store, sample: SampleData, now: string): void {
  const twins = store.collection<StoredTwin>(COLLECTIONS.twins);
  for (const t of sample.twins)
    twins.put(t.id, {
      id: t.id,
      modelId: t.modelId,
      lastUpdateTime: t.lastUpdateTime ?? now,
      contents: t.contents ?? {},
    });
  const relationships = store.collection(COLLECTIONS.relationships);
  for (const r of sample.relationships) {
    const rel = {
      sourceId: r.sourceId,
      targetId: r.targetId,
      name: r.name,
      ...(r.properties && Object.keys(r.properties).length ? { properties: r.properties } : {}),
    };
    const id = deriveRelationshipId(rel);
    relationships.put(id, { id, ...rel });
  }
  for (const s of sample.telemetry) {
    const series = store.timeSeries.ensure(s.twinId);
    const enqueued = new Float64Array(s.times.length);
    enqueued.set(s.times);
    series.adopt(Float64Array.from(s.times), Float64Array.from(s.values), enqueued, s.times.length);
    series.connectorId = s.connectorId;
    series.externalId = s.externalId ?? null;
  }
  const byId = <T extends { id: string | number }>(name: string, items: T[]) => {
    const c = store.collection<T>(name);
    for (const item of items) c.put(String(item.id), item);
  };
  byId(COLLECTIONS.insights, sample.insights);
  byId(
    COLLECTIONS.events,
    sample.events.filter((e): e is typeof e & { id: string } => typeof e.id === 'string'),
  );
  byId(COLLECTIONS.eventTypes, sample.eventTypes);
  byId(COLLECTIONS.tickets, sample.tickets);
  byId(COLLECTIONS.ticketCategories, sample.categories);
  byId(COLLECTIONS.ticketJobTypes, sample.jobTypes);
  byId(COLLECTIONS.ticketServicesNeeded, sample.servicesNeeded);
  byId(COLLECTIONS.ticketStatuses, sample.statuses);
  byId(COLLECTIONS.ticketPriorities, sample.priorities);
  const attachments = store.collection(COLLECTIONS.ticketAttachments);
  for (const a of sample.attachments) {
    attachments.put(`${a.ticketId}/${a.attachment.id}`, {
      ticketId: a.ticketId,
      attachment: a.attachment,
      contentBase64: Buffer.from(a.content).toString('base64'),
    });
  }
}
