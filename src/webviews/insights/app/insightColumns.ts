// The insights table's columns: what each shows of an insight, and the note on how the service sorts it.
import * as l10n from '@vscode/l10n';
import { INSIGHT_STATUS_SORT_ORDER, INSIGHT_TYPE_CODES, shownInsightStatus } from '../../../core/api/insightStatus';
import { STATUS_WORDS_SHOWN, statusInWords, TYPE_WORDS_SHOWN, typeInWords } from './insightWords';
import type { Insight } from '../../../core/api/types';

export interface InsightColumn {
  field: keyof Insight & string;
  label: string;
  value: (i: Insight) => string;
  /** The cell's tooltip when it says more than the value (default: the value, for one the column cuts off). */
  title?: (i: Insight) => string;
  /**
   * A short column, as wide as its header or its widest value wants (columnWidths.ts): the values it shows whole when
   * the panel has room (none when the header alone decides). Without it, a wide column (Name, Twin).
   */
  short?: readonly string[];
  sortNote?: string;
}

/** A value as text (nothing for null and undefined). */
export function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** When the insight was last updated, as `2026-11-27 07:12:45` (UTC, as the service sends it). */
function shownTime(i: Insight): string {
  return text(i.updatedDate)
    .replace('T', ' ')
    .replace(/\.\d+Z$|Z$/, '');
}

/** Enum words in the order of their codes. */
function codeOrder(codes: Readonly<Record<string, number>>): string {
  return Object.keys(codes)
    .sort((a, b) => codes[a] - codes[b])
    .map(typeInWords)
    .join(', ');
}

/** A value in words, with the service's word after it when they differ (filters use the service's words). */
function inWords(word: string, shown: string): string {
  return shown === word || word === '' ? shown : `${shown} (${word})`;
}

export const COLUMNS: readonly InsightColumn[] = [
  { field: 'name', label: l10n.t('Name'), value: (i) => text(i.name) || i.id },
  { field: 'twinName', label: l10n.t('Twin'), value: (i) => text(i.twinName) || text(i.twinId) },
  {
    field: 'type',
    label: l10n.t('Type'),
    value: (i) => typeInWords(text(i.type)),
    title: (i) => inWords(text(i.type), typeInWords(text(i.type))),
    short: TYPE_WORDS_SHOWN,
    sortNote: l10n.t(
      'The service sorts types by the code it stores them under ({0}), not alphabetically',
      codeOrder(INSIGHT_TYPE_CODES),
    ),
  },
  { field: 'priority', label: l10n.t('Priority'), value: (i) => text(i.priority), short: [] },
  // The stored status the service filters and sorts by is the current one, `lastStatus`.
  // It sorts by the code each status is stored under, not by the word.
  {
    field: 'status',
    label: l10n.t('Status'),
    value: (i) => statusInWords(shownInsightStatus(i)),
    title: (i) => inWords(shownInsightStatus(i), statusInWords(shownInsightStatus(i))),
    short: STATUS_WORDS_SHOWN,
    sortNote: l10n.t(
      'The service sorts statuses by the code it stores them under ({0}), not alphabetically',
      INSIGHT_STATUS_SORT_ORDER.map(statusInWords).join(', '),
    ),
  },
  { field: 'occurrenceCount', label: l10n.t('Occurrences'), value: (i) => text(i.occurrenceCount), short: [] },
  // The day fits the column at the default panel width; the time of day is in the tooltip.
  {
    field: 'updatedDate',
    label: l10n.t('Updated'),
    value: (i) => shownTime(i).slice(0, 10),
    title: shownTime,
    short: ['0000-00-00'],
  },
];
