// Errors the twins backend passes through from Azure Digital Twins: its exception filter answers ADT's
// `RequestFailedException` as `{statusCode, message, data}` with ADT's status, and the message is Azure.Core's
// (Willow source: applications/TwinManagement/lib/Willow.Exceptions/GlobalExceptionFilter.cs): ADT's own words,
// then `Status: 404 (Not Found)`, `ErrorCode: DigitalTwinNotFound`, the response content and its headers. Read
// here into ADT's words and its error code, so a message shows them rather than a page of diagnostics.

const STATUS_LINE = /^Status: \d{3}\b/;

/** ADT's words and error code in an Azure.Core exception message, or undefined when the text is no such message. */
export function adtPassThrough(message: string): { text: string; errorCode?: string } | undefined {
  const lines = message.split(/\r?\n/);
  const statusAt = lines.findIndex((line) => STATUS_LINE.test(line.trim()));
  if (statusAt < 0) return undefined;
  const errorCode = lines
    .slice(statusAt + 1)
    .map((line) => /^ErrorCode: *(\S+)/.exec(line.trim())?.[1])
    .find((code) => code !== undefined);
  let text = lines.slice(0, statusAt).join(' ').replace(/\s+/g, ' ').trim();
  if (text === '' || /^Service request failed\.?$/i.test(text)) text = contentMessage(lines.slice(statusAt)) ?? text;
  return { text, ...(errorCode ? { errorCode } : {}) };
}

/** `error.message` of the JSON after the `Content:` line, when there is one. */
function contentMessage(lines: string[]): string | undefined {
  const at = lines.findIndex((line) => line.trim() === 'Content:');
  if (at < 0) return undefined;
  const end = lines.findIndex((line, i) => i > at && line.trim() === 'Headers:');
  try {
    const content = JSON.parse(lines.slice(at + 1, end < 0 ? undefined : end).join('\n')) as unknown;
    const inner = (content as { error?: { message?: unknown } } | null)?.error?.message;
    return typeof inner === 'string' && inner.trim() ? inner.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The one-line detail of a pass-through message: ADT's words and, in brackets, its error code. */
export function adtDetail(message: string): string {
  const read = adtPassThrough(message);
  if (!read) return message;
  return read.errorCode ? `${read.text} (${read.errorCode})` : read.text;
}
