// Secrets and tokens never reach errors or logs: everything the client reports passes through here.

export const REDACTED = '[redacted]';

const PATTERNS: RegExp[] = [
  /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi,
  /(\b(?:client_secret|access_token|refresh_token|id_token|password)=)[^&\s"']+/gi,
  /("(?:client_secret|clientSecret|access_token|accessToken|refresh_token|id_token|password|authorization)"\s*:\s*")(?:[^"\\]|\\.)*/gi,
  /(\bBasic\s+)[A-Za-z0-9+/]{8,}=*/g,
];

/** Shortest known secret that is replaced verbatim; shorter strings would shred ordinary text. */
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces the given secrets (also URL-encoded) and anything shaped like a credential. */
export function redact(text: string, secrets: Iterable<string> = []): string {
  return redactWith(text, secretPatterns(secrets));
}

/** One pattern per form of each secret (as is, URL-encoded, JSON-escaped). */
function secretPatterns(secrets: Iterable<string>): RegExp[] {
  const patterns: RegExp[] = [];
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      patterns.push(new RegExp(escapeRegExp(form), 'g'));
    }
  }
  return patterns;
}

function redactWith(text: string, secretForms: RegExp[]): string {
  let out = text;
  for (const form of secretForms) out = out.replace(form, REDACTED);
  for (const pattern of PATTERNS) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}

/** Remembers the secrets one client knows (its client secret, every token it obtained). */
export class SecretRegistry {
  private readonly secrets = new Set<string>();
  /** Compiled once per change, not per call: every request event passes through `redact`. */
  private patterns: RegExp[] | undefined;

  add(secret: string | undefined): void {
    if (!secret || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.patterns = undefined;
  }

  redact(text: string): string {
    this.patterns ??= secretPatterns(this.secrets);
    return redactWith(text, this.patterns);
  }
}
