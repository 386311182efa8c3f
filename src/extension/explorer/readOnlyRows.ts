// Rows of a read-only connection carry a marker in their context value, so package.json hides the write commands
// on them (`!(viewItem =~ /\\.readOnly$/)`, or an exact match that the marker no longer meets) and keeps the others.

const READ_ONLY_MARKER = '.readOnly';

/** The rows that offer writes in their menus: they are the ones a read-only connection marks. */
const WRITE_MENU_ROWS =
  /^(connection\.custom|twin|model$|twinsGroup$|twinModelGroup$|eventsGroup|event$|ticketsGroup$|ticket$|ticketMetadataKind$|ticketMetadataItem$|insight\.(root|child)$)/;

/** `contextValue` as a read-only connection shows it; undefined and rows without writes stay as they are. */
export function readOnlyContextValue(contextValue: string | undefined): string | undefined {
  return contextValue && WRITE_MENU_ROWS.test(contextValue) && !contextValue.endsWith(READ_ONLY_MARKER)
    ? contextValue + READ_ONLY_MARKER
    : contextValue;
}
