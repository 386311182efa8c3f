import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../../src/core/api/localEmulator';

/**
 * A request to an emulator admin route (`/_emulator/...`), which needs a bearer token: an API access token of
 * the development client (which holds every permission) works as well as the admin token the emulator prints.
 */
export async function adminFetch(apiUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const base = apiUrl.replace(/\/+$/, '');
  // One token per emulator, kept: a token request between "clear" and "read" would show in the request log.
  let token = tokens.get(base);
  if (!token) {
    token = requestToken(base);
    tokens.set(base, token);
  }
  const accessToken = await token.catch((error: unknown) => {
    tokens.delete(base);
    throw error;
  });
  return fetch(new URL(path, base), {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${accessToken}` },
  });
}

const tokens = new Map<string, Promise<string>>();

async function requestToken(base: string): Promise<string> {
  const token = await fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: LOCAL_DEV_CLIENT_ID,
      client_secret: LOCAL_DEV_CLIENT_SECRET,
    }),
  });
  if (token.status !== 200)
    throw new Error(`token request for the admin route failed: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}
