import type { ErrorCode } from '@compliance/shared/errors';
import { AppError } from '../../plugins/errors.ts';
import type { Actor, UserActor } from './actor.ts';
import type { AccessRepository } from './access.repository.ts';
import { permissionRules, type Permission, type PublicPermission } from './permissions.ts';

/** The library a new item goes into: the caller's own, or the shared knowledge base. */
export type LibraryScope = 'personal' | 'knowledge-base';

/** What a permission is checked against, when it is bound to one thing. */
export type Resource =
  | { type: 'file' | 'folder'; id: string }
  | { type: 'conversation'; id: string }
  | { type: 'prompt' | 'prompt-category'; id: string }
  | { type: 'course-note'; id: string }
  | { type: 'library'; scope: LibraryScope }
  | { type: 'company'; id: string }
  | { type: 'integration'; id: string };

type ActorFor<P extends Permission> = P extends PublicPermission ? Actor : UserActor;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFoundCode: Record<Exclude<Resource['type'], 'library'>, ErrorCode> = {
  file: 'FILE_NOT_FOUND',
  folder: 'FOLDER_NOT_FOUND',
  conversation: 'CONVERSATION_NOT_FOUND',
  prompt: 'PROMPT_NOT_FOUND',
  'prompt-category': 'PROMPT_CATEGORY_NOT_FOUND',
  'course-note': 'COURSE_NOTE_NOT_FOUND',
  company: 'COMPANY_NOT_FOUND',
  integration: 'INTEGRATION_NOT_FOUND',
};

/** What anyone a shared connection serves (everyone, or a company's members) may do: see it and send through it. */
const sharedConnectionPermissions = new Set<Permission>(['integration.read', 'integration.use']);

/** Library permissions that only read; every other library permission changes something. */
const readOnly = new Set<Permission>(['library.read']);

/**
 * What any member may do with their company (see it, its billing, its connections); every other
 * permission on a company is its admin's (changing it, its connections, reading its journal).
 */
const companyMemberPermissions = new Set<Permission>(['company.read', 'billing.read', ...sharedConnectionPermissions]);

export function isAdmin(actor: Actor): actor is UserActor {
  return actor.kind === 'user' && hasAdminRole(actor.user) && actor.user.emailVerified;
}

/** Whether a stored account carries the admin role (for rules about accounts, not about the caller). */
export function hasAdminRole(user: { role: string }): boolean {
  return user.role === 'admin';
}

/** Whether a company membership is its admin's (who manages members and billing). */
export function isCompanyAdmin(membership: { role: string } | null | undefined): boolean {
  return membership?.role === 'admin';
}

/**
 * The one access check of the server (STYLE.md "one actor, one check"). Every service method starts
 * with `await access.require(actor, permission, resource?)`; nothing else compares roles.
 *
 * Failures answer as the API contract says: no session → 401, unverified e-mail → 403, not an
 * admin → 403, and a resource the caller may not see → 404 (never "forbidden", so ids of other
 * users' things cannot be probed).
 */
export function createAccess(repository: AccessRepository) {
  function requireRole<P extends Permission>(actor: Actor, permission: P): ActorFor<P> {
    const rule = permissionRules[permission];
    if (rule === 'anyone') return actor as ActorFor<P>;
    if (actor.kind !== 'user') throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
    if (rule === 'session') return actor as ActorFor<P>;
    if (!actor.user.emailVerified) {
      throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Verify your e-mail address to continue');
    }
    if (rule === 'admin' && !isAdmin(actor)) throw new AppError('FORBIDDEN', 403, 'Administrators only');
    return actor as ActorFor<P>;
  }

  async function allowedOn(actor: UserActor, permission: Permission, resource: Resource): Promise<boolean> {
    switch (resource.type) {
      case 'library':
        return resource.scope === 'personal' || readOnly.has(permission) || isAdmin(actor);
      case 'file':
      case 'folder': {
        if (!UUID_PATTERN.test(resource.id)) return false;
        const owner = await repository.libraryItemOwner(resource.type, resource.id);
        if (!owner) return false;
        if (owner.scope === 'user') return owner.userId === actor.user.id;
        return readOnly.has(permission) || isAdmin(actor);
      }
      case 'conversation': {
        if (!UUID_PATTERN.test(resource.id)) return false;
        return (await repository.conversationOwner(resource.id)) === actor.user.id;
      }
      case 'prompt':
      case 'prompt-category': {
        // Personal only: nobody else, admins included, reads or changes another user's prompts.
        if (!UUID_PATTERN.test(resource.id)) return false;
        return (await repository.promptOwner(resource.type, resource.id)) === actor.user.id;
      }
      case 'course-note': {
        // Notes are private: nobody else, admins included, reads them.
        if (!UUID_PATTERN.test(resource.id)) return false;
        return (await repository.courseNoteOwner(resource.id)) === actor.user.id;
      }
      case 'company': {
        if (!UUID_PATTERN.test(resource.id)) return false;
        const role = await repository.companyRole(resource.id, actor.user.id);
        if (!role) return false;
        if (companyMemberPermissions.has(permission) || isCompanyAdmin({ role })) return true;
        // A member sees their company, so the refusal names the missing role rather than hiding it.
        throw new AppError('COMPANY_ADMIN_ONLY', 403, 'Company admins only');
      }
      case 'integration': {
        if (!UUID_PATTERN.test(resource.id)) return false;
        const owner = await repository.integrationOwner(resource.id);
        if (!owner) return false;
        if (owner.scope === 'personal') return owner.userId === actor.user.id;
        // A company's connection is its company's business: the same rules as the company itself.
        if (owner.scope === 'company') {
          return owner.companyId !== null && allowedOn(actor, permission, { type: 'company', id: owner.companyId });
        }
        return sharedConnectionPermissions.has(permission) || isAdmin(actor);
      }
    }
  }

  function refusal(resource: Resource): AppError {
    if (resource.type === 'library') return new AppError('FORBIDDEN', 403, 'Administrators only');
    return new AppError(notFoundCode[resource.type], 404, `${resource.type} not found`);
  }

  return {
    /** Throws unless the actor holds the permission (on the resource, when one is given). */
    async require<P extends Permission>(actor: Actor, permission: P, resource?: Resource): Promise<ActorFor<P>> {
      const allowed = requireRole(actor, permission);
      if (resource && allowed.kind === 'user' && !(await allowedOn(allowed, permission, resource))) {
        throw refusal(resource);
      }
      return allowed;
    },
    /** The same check as a yes/no, for filtering (e.g. which realtime events a socket may receive). */
    async can(actor: Actor, permission: Permission, resource?: Resource): Promise<boolean> {
      try {
        const allowed = requireRole(actor, permission);
        return !resource || (allowed.kind === 'user' && (await allowedOn(allowed, permission, resource)));
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
