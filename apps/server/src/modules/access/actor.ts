import type { AuthUser } from '../auth/session.service.ts';

/**
 * Who is calling, resolved once per request by the auth plugin and passed explicitly to every
 * service method: `service.renameFile(actor, input)`. Company membership and plan will join the
 * user actor when billing and onboarding land.
 */
export type Actor = AnonymousActor | UserActor;

/** A visitor without a session: identified by the id its browser sends (or its IP) for the trial cap. */
export interface AnonymousActor {
  kind: 'anonymous';
  visitorId: string;
  ip: string;
}

/** A caller with a live session. The e-mail may still be unverified: the access check decides. */
export interface UserActor {
  kind: 'user';
  user: AuthUser;
  sessionId: string;
  ip: string;
}

const VISITOR_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The anonymous actor for a request: the browser's visitor id when well-formed, else its IP. */
export function anonymousActor(visitorHeader: string | string[] | undefined, ip: string): AnonymousActor {
  const visitorId =
    typeof visitorHeader === 'string' && VISITOR_ID_PATTERN.test(visitorHeader) ? visitorHeader : `ip:${ip}`;
  return { kind: 'anonymous', visitorId, ip };
}

export function userActor(auth: { user: AuthUser; sessionId: string }, ip: string): UserActor {
  return { kind: 'user', user: auth.user, sessionId: auth.sessionId, ip };
}

/** Background work (jobs, start-up seeding) acts as the system, never as a request's caller. */
export const systemActor: UserActor = Object.freeze({
  kind: 'user',
  sessionId: 'system',
  ip: '127.0.0.1',
  user: Object.freeze({
    id: '00000000-0000-0000-0000-000000000000',
    email: 'system@localhost',
    firstName: 'System',
    lastName: '',
    companyName: '',
    role: 'admin',
    language: 'en',
    emailVerified: true,
  }),
}) as UserActor;
