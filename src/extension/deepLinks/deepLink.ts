// Links into the extension (vscode://<publisher>.<name>/<action>?<parameters>): what each action takes, read from
// untrusted text. Only the actions below exist; a link with anything else, or anything named like a secret, is refused.
import * as l10n from '@vscode/l10n';
import { errorText } from '../../core/api/apiError';
import { resolveBaseUrl } from '../../core/api/baseUrl';
import { isDtmi } from '../../core/dtdl/twinIdFields';
import { validateConnectionName } from '../connections/connectionProfile';
import { SECRET_FIELD } from '../connections/sharedConnections';

export type DeepLink =
  | { action: 'twin'; connection: string; twinId: string }
  | { action: 'model'; connection: string; modelId: string }
  /** The time series of a capability (its twin id). */
  | { action: 'timeSeries'; connection: string; twinId: string }
  | { action: 'addConnection'; name: string; baseUrl: string; clientId: string; readOnly: boolean };

/** Each action's parameters: required ones, then optional ones. */
const ACTIONS = {
  twin: { required: ['connection', 'id'], optional: [] },
  model: { required: ['connection', 'id'], optional: [] },
  timeSeries: { required: ['connection', 'twin'], optional: [] },
  addConnection: { required: ['name', 'baseUrl', 'clientId'], optional: ['readOnly'] },
} as const satisfies Record<DeepLink['action'], { required: readonly string[]; optional: readonly string[] }>;

const MAX_VALUE = 2048;
/** A JSON Web Token (three base64url parts, the first a JSON header): an access token pasted into any field. */
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * Reads a link's path and query as VS Code hands them over (already percent-decoded: parameters are split at "&"
 * and at the first "="); throws a message that names what is wrong, never a value that may be secret.
 */
export function parseDeepLink(path: string, query: string): DeepLink {
  const action = path.replace(/^\/+/, '');
  if (!Object.hasOwn(ACTIONS, action))
    throw new Error(
      l10n.t('Building Twins links can open {0}; "{1}" is none of them.', Object.keys(ACTIONS).join(', '), action),
    );
  const spec = ACTIONS[action as DeepLink['action']];
  const values = new Map<string, string>();
  for (const pair of query.split('&').filter(Boolean)) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    if (SECRET_FIELD.test(key) || JWT.test(value))
      throw new Error(
        l10n.t('This link carries a secret or token ("{0}"); links never do, so it was not opened.', key),
      );
    if (!(spec.required as readonly string[]).includes(key) && !(spec.optional as readonly string[]).includes(key))
      throw new Error(l10n.t('A "{0}" link takes no "{1}".', action, key));
    if (values.has(key)) throw new Error(l10n.t('The link gives "{0}" twice.', key));
    // eslint-disable-next-line no-control-regex
    if (value.length > MAX_VALUE || /[\u0000-\u001f\u007f-\u009f]/.test(value))
      throw new Error(l10n.t('The link\'s "{0}" is too long or holds control characters.', key));
    values.set(key, value);
  }
  const missing = spec.required.filter((key) => !values.get(key)?.trim());
  if (missing.length) throw new Error(l10n.t('The "{0}" link lacks {1}.', action, missing.join(', ')));
  const get = (key: string): string => values.get(key)!.trim();
  switch (action as DeepLink['action']) {
    case 'twin':
      return { action: 'twin', connection: get('connection'), twinId: get('id') };
    case 'timeSeries':
      return { action: 'timeSeries', connection: get('connection'), twinId: get('twin') };
    case 'model':
      if (!isDtmi(get('id'))) throw new Error(l10n.t('"{0}" is not a model id (dtmi:…;1).', get('id')));
      return { action: 'model', connection: get('connection'), modelId: get('id') };
    case 'addConnection':
      return addConnectionLink(get('name'), get('baseUrl'), get('clientId'), values.get('readOnly'));
  }
}

function addConnectionLink(name: string, baseUrl: string, clientId: string, readOnly: string | undefined): DeepLink {
  const badName = validateConnectionName(name, []);
  if (badName) throw new Error(badName);
  let resolved: string;
  try {
    resolved = resolveBaseUrl(baseUrl);
  } catch (err) {
    throw new Error(errorText(err), { cause: err });
  }
  if (readOnly !== undefined && readOnly !== 'true' && readOnly !== 'false')
    throw new Error(l10n.t('"readOnly" is true or false.'));
  return { action: 'addConnection', name, baseUrl: resolved, clientId, readOnly: readOnly === 'true' };
}

/**
 * The path and query of the link that opens `link`, percent-encoded (what parseDeepLink reads back once VS Code has
 * decoded it). A value with "&" cannot travel in a link (VS Code decodes the query before the extension sees it).
 */
export function deepLinkParts(link: DeepLink): { path: string; query: string } {
  const params: Record<string, string> =
    link.action === 'twin'
      ? { connection: link.connection, id: link.twinId }
      : link.action === 'model'
        ? { connection: link.connection, id: link.modelId }
        : link.action === 'timeSeries'
          ? { connection: link.connection, twin: link.twinId }
          : {
              name: link.name,
              baseUrl: link.baseUrl,
              clientId: link.clientId,
              ...(link.readOnly ? { readOnly: 'true' } : {}),
            };
  const entries = Object.entries(params);
  const unlinkable = entries.find(([, value]) => value.includes('&'));
  if (unlinkable) throw new Error(l10n.t('"{0}" holds "&", which a link cannot carry.', unlinkable[1]));
  return {
    path: `/${link.action}`,
    query: entries.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&'),
  };
}
