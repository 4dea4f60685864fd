import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';

/**
 * The OAuth 2.0 part every cloud storage stand-in shares (authorization code with PKCE, RFC 6749 and
 * RFC 7636), as the vendors' sign-in pages and token endpoints behave:
 *
 * - `authorize`: the user "consents" at once — 302 to the redirect URI with a code and the state, after
 *   checking the client id, the redirect URI and an S256 code challenge.
 * - `token`: `authorization_code` (the PKCE verifier must hash to the challenge, the redirect URI must be
 *   the same; a code is used once) and `refresh_token` (rotated or kept, as the vendor does); errors as
 *   `{ error: 'invalid_grant' }` with 400, a wrong client as `invalid_client`.
 * - `bearer`: whether a request's bearer token is one it issued, and still valid.
 */
export interface OAuthStandInOptions {
  clientId: string;
  clientSecret: string;
  accessTokenSeconds: number;
  /** Prefixes of the tokens issued (the tests check they never show up elsewhere). */
  accessTokenPrefix: string;
  refreshTokenPrefix: string;
  /** Microsoft and Box issue a new refresh token with every refresh (the old one stops working); Dropbox and Google keep it. */
  rotateRefreshTokens: boolean;
  /** The status a wrong client id or secret is answered with (Microsoft: 401; the others: 400). */
  invalidClientStatus?: number;
}

export async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function createOAuthStandIn(options: OAuthStandInOptions) {
  const { clientId, clientSecret, accessTokenSeconds, rotateRefreshTokens, invalidClientStatus = 400 } = options;
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const accessTokens = new Map<string, { expiresAt: number }>();
  const refreshTokens = new Set<string>();
  /** Every form posted to the token endpoint (the tests check no secret travels elsewhere). */
  const tokenRequests: Record<string, string>[] = [];
  /** The query of every authorize request (the tests check what the app asked for). */
  const authorizeRequests: Record<string, string>[] = [];

  function issueTokens(keptRefreshToken?: string) {
    const accessToken = `${options.accessTokenPrefix}${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, { expiresAt: Date.now() + accessTokenSeconds * 1000 });
    const body: Record<string, unknown> = {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: accessTokenSeconds,
    };
    if (!keptRefreshToken) {
      const refreshToken = `${options.refreshTokenPrefix}${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refreshToken);
      body['refresh_token'] = refreshToken;
    }
    return body;
  }

  return {
    clientId,
    clientSecret,
    tokenRequests,
    authorizeRequests,

    /** The sign-in page (GET): consents at once. */
    authorize(response: http.ServerResponse, url: URL): void {
      const query = url.searchParams;
      authorizeRequests.push(Object.fromEntries(query));
      const redirectUri = query.get('redirect_uri') ?? '';
      if (query.get('client_id') !== clientId || !redirectUri)
        return sendJson(response, 400, { error: 'invalid_client' });
      if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) {
        return sendJson(response, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
      }
      const code = `code-${randomBytes(16).toString('hex')}`;
      codes.set(code, { challenge: query.get('code_challenge')!, redirectUri, used: false });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.get('state') ?? '');
      response.writeHead(302, { location: target.href });
      response.end();
    },

    /** The token endpoint (POST, a form). */
    async token(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
      const form = Object.fromEntries(new URLSearchParams((await readBody(request)).toString()));
      tokenRequests.push(form);
      if (form['client_id'] !== clientId || form['client_secret'] !== clientSecret) {
        return sendJson(response, invalidClientStatus, { error: 'invalid_client' });
      }
      if (form['grant_type'] === 'authorization_code') {
        const entry = codes.get(form['code'] ?? '');
        const challenge = createHash('sha256')
          .update(form['code_verifier'] ?? '')
          .digest('base64url');
        if (!entry || entry.used || entry.redirectUri !== form['redirect_uri'] || entry.challenge !== challenge) {
          if (entry) entry.used = true;
          return sendJson(response, 400, { error: 'invalid_grant', error_description: 'invalid code verifier' });
        }
        entry.used = true;
        return sendJson(response, 200, issueTokens());
      }
      if (form['grant_type'] === 'refresh_token') {
        const refreshToken = form['refresh_token'] ?? '';
        if (!refreshTokens.has(refreshToken)) return sendJson(response, 400, { error: 'invalid_grant' });
        if (rotateRefreshTokens) {
          refreshTokens.delete(refreshToken);
          return sendJson(response, 200, issueTokens());
        }
        return sendJson(response, 200, issueTokens(refreshToken));
      }
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    },

    /** A request's bearer token: one issued and still valid, expired, or unknown (or none). */
    bearer(request: http.IncomingMessage): 'valid' | 'expired' | 'unknown' {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const known = token ? accessTokens.get(token) : undefined;
      if (!known) return 'unknown';
      return known.expiresAt <= Date.now() ? 'expired' : 'valid';
    },

    /** Every access token issued so far is expired from now on (refresh tokens stay valid). */
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },

    /** The user withdrew the app's access: every token, refresh tokens included, stops working. */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
}

export type OAuthStandIn = ReturnType<typeof createOAuthStandIn>;
