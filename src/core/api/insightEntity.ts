// The stored insight, as the service filters and sorts it: Willow.Batch runs insight filters and sorts on
// `InsightEntity`, not on the answer (Willow source: extensions/real-estate/back-end/InsightCore/src/InsightCore/
// Entities/InsightEntity.cs, Services/InsightRepository.cs (`GetInsights`)). Every field that is not text is named
// with its .NET type: the text operators fail on it (docs/service-compatibility.md, "Text operators on numbers and
// dates").

/** The .NET type of each stored insight field that is not text (`string`). */
export const INSIGHT_NON_TEXT_FIELDS: Readonly<Record<string, string>> = {
  id: 'Guid',
  customerId: 'Guid',
  siteId: 'Guid',
  equipmentId: 'Guid',
  type: 'InsightType',
  priority: 'Int32',
  status: 'InsightStatus',
  state: 'InsightState',
  createdDate: 'DateTime',
  updatedDate: 'DateTime',
  lastOccurredDate: 'DateTime',
  detectedDate: 'DateTime',
  sourceType: 'SourceType',
  sourceId: 'Guid',
  occurrenceCount: 'Int32',
  impactScores: 'List<ImpactScoreEntity>',
  createdUserId: 'Guid',
  newOccurrence: 'Boolean',
  reported: 'Boolean',
  tags: 'List<String>',
};

/** The stored text fields of an insight. */
const INSIGHT_TEXT_FIELDS: readonly string[] = [
  'sequenceNumber',
  'twinId',
  'twinName',
  'name',
  'description',
  'recommendation',
  'externalId',
  'externalStatus',
  'externalMetadata',
  'ruleId',
  'ruleName',
  'primaryModelId',
];

/** Every stored field of an insight a filter or sort can name. */
export const INSIGHT_STORED_FIELDS: readonly string[] = [
  ...INSIGHT_TEXT_FIELDS,
  ...Object.keys(INSIGHT_NON_TEXT_FIELDS),
];
