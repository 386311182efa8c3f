// Checks and report lines for "Upload events from file" (POST /events/files). Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import type { EventsFileUploadResult } from '../../core/api/types';
import { rowCount } from '../shell/countWords';

const CONTENT_TYPES: Record<string, string> = { '.json': 'application/json', '.csv': 'text/csv' };

/** The upload content type for a file name; throws for anything but .json and .csv. */
export function eventFileContentType(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot).toLowerCase() : '';
  const type = CONTENT_TYPES[ext];
  if (!type)
    throw new Error(l10n.t('Events can be uploaded from .json or .csv files only; "{0}" is neither.', fileName));
  return type;
}

export interface UploadReport {
  /** One line for the notification. */
  summary: string;
  /** Log lines: the summary then one line per failed row. */
  lines: string[];
  failedRows: number;
}

export function uploadReport(fileNames: readonly string[], result: EventsFileUploadResult): UploadReport {
  const errors = result.errors ?? [];
  const names = fileNames.join(', ');
  const summary = errors.length
    ? l10n.t(
        'Uploaded {0}: {1} created, {2} updated, {3} rejected.',
        names,
        result.eventsCreatedCount,
        result.eventsUpdatedCount,
        rowCount(errors.length),
      )
    : l10n.t('Uploaded {0}: {1} created, {2} updated.', names, result.eventsCreatedCount, result.eventsUpdatedCount);
  const lines = [summary, ...errors.map((e) => `  ${e.file} row ${e.row}: ${e.message}`)];
  return { summary, lines, failedRows: errors.length };
}
