import { badRequest, HttpError } from '../httpErrors';

export interface FormPart {
  /** The form field name. */
  name: string;
  fileName?: string;
  contentType?: string;
  content: Buffer;
}

/** Splits a `multipart/form-data` body (RFC 7578) into its parts; 415 for another content type, 400 when malformed. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) {
    throw new HttpError(415, `Expected a multipart/form-data body, got '${contentType || 'none'}'.`);
  }
  const boundaryMatch = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary) throw badRequest('The multipart/form-data content type has no boundary parameter.', '$');

  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw badRequest('The multipart body contains no part delimited by its boundary.', '$');
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === '--') break;
    position = skipLineBreak(body, position);
    const next = body.indexOf(delimiter, position);
    if (next < 0) throw badRequest('The multipart body ends without its closing boundary.', '$');
    // The line break before the next delimiter belongs to the delimiter.
    let end = next;
    if (body[end - 1] === 0x0a) end--;
    if (body[end - 1] === 0x0d) end--;
    parts.push(parsePart(body.subarray(position, end), parts.length));
    position = next;
  }
  return parts;
}

function skipLineBreak(body: Buffer, position: number): number {
  if (body[position] === 0x0d && body[position + 1] === 0x0a) return position + 2;
  if (body[position] === 0x0a) return position + 1;
  return position;
}

function parsePart(raw: Buffer, index: number): FormPart {
  let headerEnd = raw.indexOf('\r\n\r\n');
  let separator = 4;
  if (headerEnd < 0) {
    headerEnd = raw.indexOf('\n\n');
    separator = 2;
  }
  if (headerEnd < 0) throw badRequest(`Multipart part ${index + 1} has no header section.`, '$');
  const headers = new Map<string, string>();
  for (const line of raw.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^form-data\b/i.test(disposition))
    throw badRequest(`Multipart part ${index + 1} is not form-data (Content-Disposition: '${disposition}').`, '$');
  const name = dispositionParameter(disposition, 'name');
  if (name === undefined) throw badRequest(`Multipart part ${index + 1} has no field name.`, '$');
  return {
    name,
    fileName: dispositionParameter(disposition, 'filename'),
    contentType: headers.get('content-type'),
    content: raw.subarray(headerEnd + separator),
  };
}

function dispositionParameter(disposition: string, parameter: string): string | undefined {
  const match = new RegExp(`;\\s*${parameter}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}
