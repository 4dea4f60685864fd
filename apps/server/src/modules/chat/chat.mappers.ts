import type { ChatMessage, ConversationSummary } from '@compliance/shared/chat';
import type { ConversationRow, MessageRow } from './chat.repository.ts';

/** Where a citation of a document opens: the document viewer at that page. */
export function documentHref(documentId: string, page: number | null): string {
  return `/documents?file=${encodeURIComponent(documentId)}${page && page > 1 ? `&page=${page}` : ''}`;
}

export function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    assistantId: row.assistantId,
    knowledgeBase: row.knowledgeBase,
    webSearch: row.webSearch,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    status: row.status,
    citations: row.citations,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= 80 ? line : `${line.slice(0, 79).trimEnd()}…`;
}
