import { createHash, randomBytes } from 'node:crypto';
import type { OAuthConnectorKind } from '@compliance/shared/integrations';
import type { OAuthVendorConfig, OAuthVendorsConfig } from '../../plugins/env.ts';
import { ConnectorError, httpStatusError, toConnectorError } from './connectors/connector.ts';
import type { Outbound } from './outbound.ts';

/**
 * OAuth 2.0 authorization code with PKCE (RFC 6749, RFC 7636) for the cloud storage vendors. The
 * browser only ever sees the vendor's sign-in page and our callback: the code is exchanged and the
 * tokens refreshed here, through the SSRF-guarded fetch, and the tokens are stored sealed as the
 * connection's secret.
 */

/** What an OAuth connection's secret holds (sealed as JSON). */
export interface OAuthTokens {
  accessToken: string;
  /** Null when the vendor gave none (then the connection must be signed in again when it expires). */
  refreshToken: string | null;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

/** The access token a connector sends, refreshed when it expires. */
export interface TokenSource {
  /** The stored token, refreshed first when it is about to expire. */
  current(): Promise<string>;
  /** A new token after the remote refused `rejected` (401); several callers share one refresh. */
  refresh(rejected: string): Promise<string>;
}

/**
 * Microsoft: files of the user's OneDrive and of SharePoint libraries they may use, read and write;
 * offline_access for a refresh token. Dropbox: the app's own permissions (set in its App Console);
 * `token_access_type=offline` for a refresh token. Google: the whole Drive, read and write — the user
 * names an existing folder (made by anyone, shared with them) whose files are read and into which
 * answers are saved; `drive.file` only reaches files this app created or the user picked in Google's
 * picker, and `drive.readonly` could not save answers. `access_type=offline` with `prompt=consent` for a
 * refresh token (Google gives one only at a consent). Box: the app's scopes (set in its Developer
 * Console: read and write all files and folders).
 */
const SCOPES: Record<OAuthConnectorKind, string | null> = {
  onedrive: 'offline_access User.Read Files.ReadWrite.All Sites.ReadWrite.All',
  dropbox: null,
  googledrive: 'https://www.googleapis.com/auth/drive',
  box: null,
};

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function parseTokens(secret: string): OAuthTokens {
  const value = JSON.parse(secret) as Partial<OAuthTokens>;
  if (typeof value.accessToken !== 'string') throw new ConnectorError('INTEGRATION_AUTH_FAILED', 'no access token');
  return {
    accessToken: value.accessToken,
    refreshToken: typeof value.refreshToken === 'string' ? value.refreshToken : null,
    expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : 0,
  };
}

export function createOAuthClient({
  vendors,
  outbound,
  publicUrl,
  now = () => new Date(),
}: {
  vendors: OAuthVendorsConfig;
  outbound: Outbound;
  publicUrl: string;
  now?: () => Date;
}) {
  const redirectUri = `${publicUrl}/api/integrations/oauth/callback`;

  function vendor(kind: OAuthConnectorKind): OAuthVendorConfig {
    const config = vendors[kind];
    if (!config) throw new ConnectorError('INTEGRATION_OAUTH_NOT_CONFIGURED', `${kind} has no client id and secret`);
    return config;
  }

  /** Calls the token endpoint (code exchange or refresh) and reads the tokens it answers. */
  async function tokenRequest(
    kind: OAuthConnectorKind,
    params: Record<string, string>,
    previousRefreshToken: string | null,
  ): Promise<OAuthTokens> {
    const config = vendor(kind);
    let response: Response;
    try {
      response = await outbound.fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...params, client_id: config.clientId, client_secret: config.clientSecret }),
      });
    } catch (error) {
      throw toConnectorError(error);
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      const detail = [`token endpoint answered ${response.status}`, body.error, body.error_description]
        .filter((part) => typeof part === 'string' || typeof part === 'number')
        .join(': ')
        .slice(0, 300);
      // invalid_grant: the code or refresh token is expired, used or revoked; invalid_client: wrong app secret.
      if (response.status === 400 || response.status === 401)
        throw new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
      throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600);
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : previousRefreshToken,
      expiresAt: now().getTime() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000,
    };
  }

  return {
    redirectUri,

    configured: (kind: OAuthConnectorKind) => vendors[kind] !== undefined,

    authorizeUrl(kind: OAuthConnectorKind, state: string, challenge: string): string {
      const config = vendor(kind);
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', challenge);
      url.searchParams.set('code_challenge_method', 'S256');
      const scope = SCOPES[kind];
      if (scope) url.searchParams.set('scope', scope);
      if (kind === 'onedrive') url.searchParams.set('response_mode', 'query');
      if (kind === 'dropbox') url.searchParams.set('token_access_type', 'offline');
      if (kind === 'googledrive') {
        url.searchParams.set('access_type', 'offline');
        url.searchParams.set('prompt', 'consent');
      }
      return url.href;
    },

    exchange(kind: OAuthConnectorKind, code: string, verifier: string): Promise<OAuthTokens> {
      return tokenRequest(
        kind,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
        null,
      );
    },

    refresh(kind: OAuthConnectorKind, refreshToken: string): Promise<OAuthTokens> {
      return tokenRequest(
        kind,
        {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          // Microsoft asks for the scope again on a refresh; Google keeps the granted one.
          ...(kind === 'onedrive' && SCOPES[kind] ? { scope: SCOPES[kind] } : {}),
        },
        refreshToken,
      );
    },

    /** The vendor's API addresses (from the environment; the tests point them at stand-ins). */
    endpoints(kind: OAuthConnectorKind): { apiUrl: string; contentUrl: string } {
      const { apiUrl, contentUrl } = vendor(kind);
      return { apiUrl, contentUrl };
    },
  };
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;

/** Refreshes this long before the stored expiry, so a token does not run out in the middle of a call. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * A connection's tokens: refreshed when expired or refused, the new ones persisted (`save`) before
 * they are used, so a restart or another server process picks them up.
 */
export function createTokenSource({
  initial,
  refresh,
  reload,
  save,
  now = () => new Date(),
}: {
  initial: OAuthTokens;
  refresh: (refreshToken: string) => Promise<OAuthTokens>;
  /** The tokens as stored now (another process may have refreshed them meanwhile). */
  reload: () => Promise<OAuthTokens | null>;
  save: (tokens: OAuthTokens) => Promise<void>;
  now?: () => Date;
}): TokenSource {
  let tokens = initial;
  let pending: Promise<void> | null = null;
  const fresh = (candidate: OAuthTokens) => candidate.expiresAt - EXPIRY_MARGIN_MS > now().getTime();

  async function renew(rejected: string): Promise<void> {
    const stored = await reload();
    if (stored && stored.accessToken !== rejected && fresh(stored)) {
      tokens = stored;
      return;
    }
    const refreshToken = stored?.refreshToken ?? tokens.refreshToken;
    if (!refreshToken) {
      throw new ConnectorError('INTEGRATION_AUTH_FAILED', 'the sign-in expired: connect the account again');
    }
    const next = await refresh(refreshToken);
    await save(next);
    tokens = next;
  }

  const source: TokenSource = {
    async current() {
      return fresh(tokens) ? tokens.accessToken : source.refresh(tokens.accessToken);
    },
    async refresh(rejected) {
      if (rejected !== tokens.accessToken) return tokens.accessToken;
      pending ??= renew(rejected).finally(() => {
        pending = null;
      });
      await pending;
      return tokens.accessToken;
    },
  };
  return source;
}
