// Errors the twins backend passes through from Azure Digital Twins. The backend sends patches and relationships
// to ADT, and its exception filter answers ADT's `RequestFailedException` with ADT's own status and the
// exception's message in `{statusCode, message, data}` (Willow source: applications/TwinManagement/lib/
// Willow.Exceptions/GlobalExceptionFilter.cs, `RequestFailedException`; adt-api Domain/Instance/Writers/
// AzureDigitalTwinWriter.cs). The message is Azure.Core's: ADT's own message, then its status, error code and
// the response content.

import { HttpError, statusTitle } from '../httpErrors';

/** ADT's error codes for what the emulator refuses on its behalf. */
export type AdtErrorCode = 'DigitalTwinNotFound' | 'JsonPatchInvalid' | 'ValidationFailed';

const STATUS: Record<AdtErrorCode, number> = {
  DigitalTwinNotFound: 404,
  JsonPatchInvalid: 400,
  ValidationFailed: 400,
};

/** The error as the backend passes it on: ADT's status, the exception filter's body (no validation `errors`). */
export function adtRefusal(code: AdtErrorCode, message: string): HttpError {
  const status = STATUS[code];
  const content = JSON.stringify({ error: { code, message } });
  return new HttpError(
    status,
    `${message}\nStatus: ${status} (${statusTitle(status)})\nErrorCode: ${code}\n\nContent:\n${content}`,
  );
}
