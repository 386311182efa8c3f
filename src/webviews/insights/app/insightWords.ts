// Insight statuses and types as a person reads them ("Ready to resolve", "Data quality") instead of the service's
// enum words (`readyToResolve`, `dataQuality`). A word the service adds later is shown as it comes.
import * as l10n from '@vscode/l10n';
import type { InsightStatus, LegacyInsightStatus } from '../../../core/api/insightStatus';

const STATUS_WORDS: Readonly<Record<InsightStatus | LegacyInsightStatus, string>> = {
  new: l10n.t({ message: 'New', comment: ['An insight status'] }),
  open: l10n.t({ message: 'Open', comment: ['An insight status'] }),
  ignored: l10n.t({ message: 'Ignored', comment: ['An insight status'] }),
  inProgress: l10n.t({ message: 'In progress', comment: ['An insight status'] }),
  readyToResolve: l10n.t({ message: 'Ready to resolve', comment: ['An insight status'] }),
  resolved: l10n.t({ message: 'Resolved', comment: ['An insight status'] }),
  acknowledged: l10n.t({ message: 'Acknowledged', comment: ['An insight status (legacy)'] }),
  closed: l10n.t({ message: 'Closed', comment: ['An insight status (legacy)'] }),
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  fault: l10n.t({ message: 'Fault', comment: ['An insight type'] }),
  energy: l10n.t({ message: 'Energy', comment: ['An insight type'] }),
  alert: l10n.t({ message: 'Alert', comment: ['An insight type'] }),
  note: l10n.t({ message: 'Note', comment: ['An insight type'] }),
  goldenStandard: l10n.t({ message: 'Golden standard', comment: ['An insight type'] }),
  infrastructure: l10n.t({ message: 'Infrastructure', comment: ['An insight type'] }),
  integrityKpi: l10n.t({ message: 'Integrity KPI', comment: ['An insight type'] }),
  energyKpi: l10n.t({ message: 'Energy KPI', comment: ['An insight type'] }),
  edgeDevice: l10n.t({ message: 'Edge device', comment: ['An insight type'] }),
  dataQuality: l10n.t({ message: 'Data quality', comment: ['An insight type'] }),
  commissioning: l10n.t({ message: 'Commissioning', comment: ['An insight type'] }),
  comfort: l10n.t({ message: 'Comfort', comment: ['An insight type'] }),
  wellness: l10n.t({ message: 'Wellness', comment: ['An insight type'] }),
  calibration: l10n.t({ message: 'Calibration', comment: ['An insight type'] }),
  diagnostic: l10n.t({ message: 'Diagnostic', comment: ['An insight type'] }),
  predictive: l10n.t({ message: 'Predictive', comment: ['An insight type'] }),
};

function wordOf(words: Readonly<Record<string, string>>, value: string): string {
  return Object.prototype.hasOwnProperty.call(words, value) ? words[value] : value;
}

/** A status in words ("Ready to resolve"); an unknown one as the service sent it. */
export function statusInWords(status: string): string {
  return wordOf(STATUS_WORDS, status);
}

/** A type in words ("Data quality"); an unknown one as the service sent it. */
export function typeInWords(type: string): string {
  return wordOf(TYPE_WORDS, type);
}

/** Every status and type in words: the widest decides how wide their columns want to be. */
export const STATUS_WORDS_SHOWN: readonly string[] = Object.values(STATUS_WORDS);
export const TYPE_WORDS_SHOWN: readonly string[] = Object.values(TYPE_WORDS);
