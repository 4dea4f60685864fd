import { createHash, randomBytes } from 'node:crypto';
import {
  OAUTH_ERROR_PARAM,
  OAUTH_RESULT_PARAM,
  oauthConnectorKinds,
  type OAuthConnectorKind,
  type OAuthProviders,
} from '@compliance/shared/integrations';
import { isErrorCode } from '@compliance/shared/errors';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { integrationOauthStates } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { ConnectorError } from './connectors/connector.ts';
import type { IntegrationsService } from './integrations.service.ts';
import { pkcePair, type OAuthClient } from './oauth.ts';
import type { SecretBox } from './secret-box.ts';

/** A sign-in must come back within this time. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/**
 * The browser binding of a sign-in: a random value in an HttpOnly cookie set when the signed-in user
 * starts it (the API is called with a bearer token, which the vendor's redirect cannot carry). The
 * callback is accepted only from the browser holding it, so a state started by another user — or a
 * callback link someone else sent — is refused. SameSite=Lax: the cookie comes along on the vendor's
 * top-level redirect back to us.
 */
export const OAUTH_BROWSER_COOKIE = 'ca_oauth_browser';
const COOKIE_PATH = '/api/integrations/oauth';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface CallbackResult {
  /** Where the browser goes: the integrations screen, with the outcome in its query. */
  location: string;
  /** The Set-Cookie header that clears the binding. */
  clearCookie: string;
}

export function createOAuthFlow({
  db,
  access,
  secrets,
  oauth,
  integrations,
  publicUrl,
  now = () => new Date(),
}: {
  db: Db;
  access: Access;
  secrets: SecretBox;
  oauth: OAuthClient;
  integrations: IntegrationsService;
  publicUrl: string;
  now?: () => Date;
}) {
  const secure = publicUrl.startsWith('https:');
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${OAUTH_BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${
      secure ? '; Secure' : ''
    }`;
  const clearCookie = cookie('', 0);

  function back(page: string, params: Record<string, string>): CallbackResult {
    return { location: `${publicUrl}${page}?${new URLSearchParams(params)}`, clearCookie };
  }

  return {
    async providers(actor: Actor): Promise<OAuthProviders> {
      await access.require(actor, 'integration.read');
      return { providers: oauthConnectorKinds.map((kind) => ({ kind, configured: oauth.configured(kind) })) };
    },

    /** Records the sign-in under way and answers the vendor's sign-in address and the browser cookie. */
    async start(
      actor: Actor,
      kind: OAuthConnectorKind,
      input: Parameters<IntegrationsService['prepareOAuth']>[2],
    ): Promise<{ authorizeUrl: string; setCookie: string }> {
      await access.require(actor, 'integration.manage');
      if (!oauth.configured(kind)) {
        throw new AppError('INTEGRATION_OAUTH_NOT_CONFIGURED', 400, `${kind} is not configured on this server`);
      }
      const { user, request } = await integrations.prepareOAuth(actor, kind, input);
      const state = randomBytes(32).toString('base64url');
      const browser = randomBytes(32).toString('base64url');
      const { verifier, challenge } = pkcePair();
      const organisation = request['scope'] === 'organisation';
      await db.delete(integrationOauthStates).where(lt(integrationOauthStates.expiresAt, now()));
      await db.insert(integrationOauthStates).values({
        stateHash: sha256(state),
        browserHash: sha256(browser),
        userId: user.user.id,
        kind,
        verifierCiphertext: secrets.seal(verifier),
        request: { ...request, returnTo: organisation ? '/admin/integrations' : '/settings/integrations' },
        expiresAt: new Date(now().getTime() + OAUTH_STATE_TTL_MS),
      });
      return {
        authorizeUrl: oauth.authorizeUrl(kind, state, challenge),
        setCookie: cookie(browser, OAUTH_STATE_TTL_MS / 1000),
      };
    },

    /**
     * The vendor's redirect: the state is used up whatever happens; the code is exchanged only for
     * the browser and the (still active) user that started the sign-in. The tokens stay here: the
     * browser is sent back to the integrations screen with the outcome only.
     */
    async callback(
      query: { state?: string; code?: string; error?: string },
      browser: string | undefined,
      ip: string,
    ): Promise<CallbackResult> {
      const failed = (page: string, code: string) => back(page, { [OAUTH_ERROR_PARAM]: code });
      if (!query.state) return failed('/settings/integrations', 'INTEGRATION_OAUTH_STATE_INVALID');
      const [row] = await db
        .delete(integrationOauthStates)
        .where(eq(integrationOauthStates.stateHash, sha256(query.state)))
        .returning();
      if (!row) return failed('/settings/integrations', 'INTEGRATION_OAUTH_STATE_INVALID');
      const page = String(row.request['returnTo'] ?? '/settings/integrations');
      if (row.expiresAt.getTime() <= now().getTime() || !browser || sha256(browser) !== row.browserHash) {
        return failed(page, 'INTEGRATION_OAUTH_STATE_INVALID');
      }
      if (query.error) return failed(page, 'INTEGRATION_OAUTH_DENIED');
      if (!query.code) return failed(page, 'INTEGRATION_OAUTH_STATE_INVALID');
      const user = await integrations.accountActor(row.userId, `oauth:${row.id}`, ip);
      if (!user) return failed(page, 'INTEGRATION_OAUTH_STATE_INVALID');
      try {
        const tokens = await oauth.exchange(row.kind, query.code, secrets.open(row.verifierCiphertext));
        const connection = await integrations.connectOAuth(user, row.kind, row.request, tokens);
        return back(page, { [OAUTH_RESULT_PARAM]: 'connected', connection: connection.id });
      } catch (error) {
        if (error instanceof ConnectorError || (error instanceof AppError && isErrorCode(error.code))) {
          return failed(page, error.code);
        }
        throw error;
      }
    },
  };
}

export type OAuthFlow = ReturnType<typeof createOAuthFlow>;

/** The binding cookie's value from a Cookie header. */
export function browserCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OAUTH_BROWSER_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
