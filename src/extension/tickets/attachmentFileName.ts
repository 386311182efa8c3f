// Attachment file names come from the service: untrusted. Pure: no 'vscode'.

/**
 * A file name safe to create locally: the last path segment only, no control or reserved characters,
 * at most 120 characters keeping the extension; `fallback` when nothing usable is left.
 */
export function safeFileName(name: string | null | undefined, fallback: string): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
  let clean = last.replace(/[\u0000-\u001f<>:"|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  if (clean.length > 120) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, 120 - ext.length) + ext;
  }
  return clean || fallback;
}
