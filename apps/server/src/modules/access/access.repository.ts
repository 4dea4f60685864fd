import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companyMembers,
  conversations,
  courseNotes,
  files,
  folders,
  integrationConnections,
  promptCategories,
  prompts,
} from '../../db/schema/index.ts';

/** Who owns a library item: a user's personal library, or the shared knowledge base. */
export type LibraryItemOwner = { scope: 'user'; userId: string } | { scope: 'kb' };

/** Whose a connection is: its owner (personal), everyone's (organisation) or a company's members'. */
export interface IntegrationOwner {
  scope: 'personal' | 'organisation' | 'company';
  userId: string | null;
  companyId: string | null;
}

/**
 * The owner look-ups the access check needs, one query each. Kept here (not in the owning
 * modules) so that the access module depends on no other module.
 */
export function createAccessRepository(db: Db) {
  return {
    async libraryItemOwner(type: 'file' | 'folder', id: string): Promise<LibraryItemOwner | null> {
      const table = type === 'file' ? files : folders;
      const [row] = await db
        .select({ scope: table.scope, ownerUserId: table.ownerUserId })
        .from(table)
        .where(eq(table.id, id))
        .limit(1);
      if (!row) return null;
      return row.scope === 'user' && row.ownerUserId ? { scope: 'user', userId: row.ownerUserId } : { scope: 'kb' };
    },
    async conversationOwner(id: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: conversations.userId })
        .from(conversations)
        .where(eq(conversations.id, id))
        .limit(1);
      return row?.userId ?? null;
    },
    async promptOwner(type: 'prompt' | 'prompt-category', id: string): Promise<string | null> {
      const table = type === 'prompt' ? prompts : promptCategories;
      const [row] = await db.select({ userId: table.userId }).from(table).where(eq(table.id, id)).limit(1);
      return row?.userId ?? null;
    },
    async courseNoteOwner(id: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: courseNotes.userId })
        .from(courseNotes)
        .where(eq(courseNotes.id, id))
        .limit(1);
      return row?.userId ?? null;
    },
    async integrationOwner(id: string): Promise<IntegrationOwner | null> {
      const [row] = await db
        .select({
          scope: integrationConnections.scope,
          userId: integrationConnections.ownerUserId,
          companyId: integrationConnections.companyId,
        })
        .from(integrationConnections)
        .where(eq(integrationConnections.id, id))
        .limit(1);
      return row ?? null;
    },
    /** The user's role in the company, or null when they are not a member. */
    async companyRole(companyId: string, userId: string): Promise<'admin' | 'member' | null> {
      const [row] = await db
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
        .limit(1);
      return row?.role ?? null;
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
