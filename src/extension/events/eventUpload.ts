// Checks and report lines for "Upload events from file" (POST /events/files). Pure: no 'vscode'.
import type { EventsFileUploadResult } from '../../core/api/types';
import { countNoun } from '../../shared/countNoun';

const CONTENT_TYPES: Record<string, string> = { '.json': 'application/json', '.csv': 'text/csv' };

/** The upload content type for a file name; throws for anything but .json and .csv. */
export function eventFileContentType(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot).toLowerCase() : '';
  const type = CONTENT_TYPES[ext];
  if (!type) throw new Error(`Events can be uploaded from .json or .csv files only; "${fileName}" is neither.`);
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
  const failed = errors.length ? `, ${countNoun(errors.length, 'row')} rejected` : '';
  const summary = `Uploaded ${fileNames.join(', ')}: ${result.eventsCreatedCount} created, ${result.eventsUpdatedCount} updated${failed}.`;
  const lines = [summary, ...errors.map((e) => `  ${e.file} row ${e.row}: ${e.message}`)];
  return { summary, lines, failedRows: errors.length };
}
