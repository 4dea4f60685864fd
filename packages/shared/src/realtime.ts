import { z } from 'zod';
import { fileSchema } from './documents.ts';

/**
 * Every realtime event (DESIGN §5: `{ type, data }` over the tab's WebSocket) with the schema of its
 * data. The server builds events against these types; the web validates each event it receives and
 * drops what does not match, so a screen never acts on a malformed event.
 */
const conversationChangedSchema = z.object({ id: z.uuid() });

export const realtimeEventSchemas = {
  'conversation.activated': conversationChangedSchema,
  'conversation.archived': conversationChangedSchema,
  'conversation.deleted': conversationChangedSchema,
  'conversation.updated': conversationChangedSchema,
  /** The FATF lists changed (a status change, an import or a review). */
  'countries.updated': z.object({
    reason: z.enum(['status_changed', 'imported', 'reviewed']),
    asOf: z.string(),
    changed: z.array(z.string()),
  }),
  'documents.file.updated': fileSchema,
  'documents.file.deleted': z.object({ id: z.uuid() }),
  'documents.changed': z.object({ folderId: z.uuid().nullable() }),
  'knowledge.changed': z.null(),
} as const;

export type RealtimeEventMap = { [T in keyof typeof realtimeEventSchemas]: z.infer<(typeof realtimeEventSchemas)[T]> };
export type RealtimeEventType = keyof RealtimeEventMap;
export type RealtimeEvent<T extends RealtimeEventType = RealtimeEventType> = {
  [K in T]: { type: K; data: RealtimeEventMap[K] };
}[T];

/** What the server sends besides events: the handshake and the answer to a ping. */
export const realtimeControlSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), data: z.object({ connectionId: z.string() }) }),
  z.object({ type: z.literal('pong'), data: z.unknown().optional() }),
]);
export type RealtimeControl = z.infer<typeof realtimeControlSchema>;

export function isRealtimeEventType(type: string): type is RealtimeEventType {
  return Object.hasOwn(realtimeEventSchemas, type);
}

/** A received message as a known, well-formed event; null for anything else. */
export function parseRealtimeEvent(message: unknown): RealtimeEvent | null {
  if (typeof message !== 'object' || message === null) return null;
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !isRealtimeEventType(type)) return null;
  const result = realtimeEventSchemas[type].safeParse(data ?? null);
  return result.success ? ({ type, data: result.data } as RealtimeEvent) : null;
}
