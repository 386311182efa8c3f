// The tickets page-size rule (`buildingTwins.tickets.pageSize`). Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import { TICKETS_DEFAULT_PAGE_SIZE, TICKETS_MAX_PAGE_SIZE } from '../../core/api/requestChecks';

/** The tickets page size from the setting; refuses anything but an integer 1..1000 before a request is made. */
export function ticketPageSize(setting: unknown): number {
  if (setting === undefined || setting === null) return TICKETS_DEFAULT_PAGE_SIZE;
  if (typeof setting !== 'number' || !Number.isInteger(setting) || setting < 1) {
    throw new RangeError(
      l10n.t(
        'buildingTwins.tickets.pageSize must be a whole number from 1 to {0} (it is {1}); nothing was sent.',
        TICKETS_MAX_PAGE_SIZE,
        String(JSON.stringify(setting)),
      ),
    );
  }
  if (setting > TICKETS_MAX_PAGE_SIZE) {
    throw new RangeError(
      l10n.t(
        "buildingTwins.tickets.pageSize is {0}, above the service's maximum of {1} tickets per page; nothing was sent.",
        setting,
        TICKETS_MAX_PAGE_SIZE,
      ),
    );
  }
  return setting;
}
