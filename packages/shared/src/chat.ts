import { z } from 'zod';
import { displayText, searchText } from './text.ts';
import { documentOriginSchema } from './documents.ts';
import { locales } from './locales.ts';

/**
 * The chat (issue 5): assistants, conversations, messages, the streaming contract (DESIGN §5),
 * quotas and the anonymous trial.
 */

export const chatLanguages = locales;
export const chatLanguageSchema = z.enum(chatLanguages);
export type ChatLanguage = z.infer<typeof chatLanguageSchema>;

/** Longest question a user may send. */
export const MAX_QUESTION_LENGTH = 4_000;
/** The one assistant the anonymous trial answers with (the trial page promises the AI Expert). */
export const TRIAL_ASSISTANT_SLUG = 'ai-expert';
export const CONVERSATION_TITLE_MAX_LENGTH = 120;
/** LLM tokens each signed-in user may spend per calendar month (the offline engine spends none). */
export const DEFAULT_MONTHLY_TOKEN_QUOTA = 500_000;

// ---- assistants ----

export const assistantSlugs = ['ai-expert', 'prompt-engineer'] as const;
export type AssistantSlug = (typeof assistantSlugs)[number];

export const assistantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /**
   * False while name and description are still the shipped ones: the interface then shows its own
   * translation of them. Once an admin edits them, everyone sees the admin's text.
   */
  customized: z.boolean(),
  defaultKnowledgeBase: z.boolean(),
  defaultWebSearch: z.boolean(),
});
export type Assistant = z.infer<typeof assistantSchema>;

export const adminAssistantSchema = assistantSchema.extend({
  instructions: z.string(),
  updatedAt: z.iso.datetime(),
});
export type AdminAssistant = z.infer<typeof adminAssistantSchema>;

export const ASSISTANT_NAME_MAX_LENGTH = 80;
export const ASSISTANT_DESCRIPTION_MAX_LENGTH = 500;
export const ASSISTANT_INSTRUCTIONS_MAX_LENGTH = 8_000;

export const updateAssistantInputSchema = z
  .object({
    name: displayText(ASSISTANT_NAME_MAX_LENGTH, { required: 'errors:validation.required' }),
    description: z.string().trim().min(1, 'errors:validation.required').max(ASSISTANT_DESCRIPTION_MAX_LENGTH),
    instructions: z.string().trim().min(1, 'errors:validation.required').max(ASSISTANT_INSTRUCTIONS_MAX_LENGTH),
    defaultKnowledgeBase: z.boolean(),
    defaultWebSearch: z.boolean(),
  })
  .partial();
export type UpdateAssistantInput = z.infer<typeof updateAssistantInputSchema>;

export const chatCapabilitiesSchema = z.object({
  /** Which engine answers: the built-in extractive engine or an OpenAI-compatible API. */
  provider: z.enum(['offline', 'openai']),
  webSearch: z.object({
    available: z.boolean(),
    /** Why it is off (an i18n key in the chat namespace), when it is. */
    reason: z.string().nullable(),
  }),
  anonymousDailyLimit: z.number().int(),
});
export type ChatCapabilities = z.infer<typeof chatCapabilitiesSchema>;

export const assistantsResponseSchema = z.object({
  assistants: z.array(assistantSchema),
  capabilities: chatCapabilitiesSchema,
});
export type AssistantsResponse = z.infer<typeof assistantsResponseSchema>;

// ---- citations and messages ----

export const citationSchema = z.object({
  /** The number shown in the answer as [n]. */
  number: z.number().int().min(1),
  /** A library document, a web page, or the product's FATF country data (an in-app country page). */
  kind: z.enum(['document', 'web', 'fatf']),
  documentId: z.uuid().nullable(),
  title: z.string(),
  page: z.number().int().nullable(),
  quote: z.string(),
  /** In-app link to the document viewer at that page or to the FATF page, or the web page's URL. */
  href: z.string(),
  /** The date the source's content is as of (`YYYY-MM-DD`): a document's last verification, a list's plenary. */
  asOf: z.iso.date().nullable().optional(),
  /** A document synced from a connection: the remote file and the version the answer quoted. */
  origin: documentOriginSchema.nullable().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const messageStatuses = ['complete', 'stopped', 'error', 'streaming'] as const;
export const messageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.enum(messageStatuses),
  citations: z.array(citationSchema),
  /** For failed answers: the stream's error code. */
  errorCode: z.string().nullable(),
  /** A question sent from a prompt: which one, its version and the values it was filled with. */
  promptRun: z
    .object({ title: z.string(), version: z.number().int(), values: z.record(z.string(), z.string()) })
    .nullable()
    .optional(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const conversationStatuses = ['active', 'archived'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(conversationStatuses),
  assistantId: z.uuid(),
  knowledgeBase: z.boolean(),
  webSearch: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(messageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const listConversationsQuerySchema = z.object({
  status: z.enum(conversationStatuses).default('active'),
  q: searchText(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSummarySchema) });

export const updateConversationInputSchema = z
  .object({
    title: displayText(CONVERSATION_TITLE_MAX_LENGTH, { required: 'errors:validation.required' }),
    status: z.enum(conversationStatuses),
  })
  .partial();
export type UpdateConversationInput = z.infer<typeof updateConversationInputSchema>;

const questionSchema = z.string().trim().min(1, 'errors:validation.required').max(MAX_QUESTION_LENGTH);

/** Start a conversation with its first question (answered as a stream). */
export const startConversationInputSchema = z.object({
  assistantId: z.uuid({ error: 'chat:errors.selectAssistant' }),
  content: questionSchema,
  knowledgeBase: z.boolean().default(true),
  webSearch: z.boolean().default(false),
  /** The interface language: a hint when the question's own language cannot be told. */
  language: chatLanguageSchema.optional(),
  /** The question was filled from a prompt: its run (see the prompt library's `use`). */
  promptRunId: z.uuid().optional(),
});
export type StartConversationInput = z.input<typeof startConversationInputSchema>;

/**
 * Ask in an existing conversation. `replaceMessageId` edits an earlier question: that question and
 * everything after it are replaced. Without `content`, `regenerate` answers the last question again.
 */
export const sendMessageInputSchema = z.object({
  content: questionSchema.optional(),
  replaceMessageId: z.uuid().optional(),
  regenerate: z.boolean().optional(),
  knowledgeBase: z.boolean().optional(),
  webSearch: z.boolean().optional(),
  language: chatLanguageSchema.optional(),
  promptRunId: z.uuid().optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

/** The anonymous trial: one question at a time, nothing stored but the day's count. */
export const trialQuestionInputSchema = z.object({
  assistantId: z.uuid({ error: 'chat:errors.selectAssistant' }),
  content: questionSchema,
  knowledgeBase: z.boolean().default(true),
  language: chatLanguageSchema.optional(),
});
export type TrialQuestionInput = z.input<typeof trialQuestionInputSchema>;

/** Header carrying the anonymous visitor's id (kept in localStorage; the IP is counted as well). */
export const VISITOR_ID_HEADER = 'x-visitor-id';

// ---- the stream (DESIGN §5) ----

export const streamMetaSchema = z.object({
  conversationId: z.uuid().nullable(),
  userMessageId: z.uuid().nullable(),
  messageId: z.uuid().nullable(),
  assistant: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  title: z.string().nullable(),
  /** The question was filled from a prompt: which one, its version and values (shown on the question at once). */
  promptRun: z
    .object({ title: z.string(), version: z.number().int(), values: z.record(z.string(), z.string()) })
    .nullable()
    .optional(),
});
export type StreamMeta = z.infer<typeof streamMetaSchema>;

export const streamUsageSchema = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
});
export type StreamUsage = z.infer<typeof streamUsageSchema>;

export const streamDoneSchema = z.object({
  status: z.enum(['complete', 'stopped']),
  usage: streamUsageSchema,
  /** Anonymous trial: questions left today. */
  remaining: z.number().int().nullable(),
});
export type StreamDone = z.infer<typeof streamDoneSchema>;

/** Error codes inside the stream: the provider answered an error, or the stream broke. */
export const streamErrorCodes = ['ASSISTANT_ERROR', 'STREAM_ERROR', 'INTERNAL_ERROR', 'SERVER_RESTARTING'] as const;
export const streamErrorSchema = z.object({ code: z.string() });

/** Every event of an answer stream: validated where it is received (`parseStreamBlock`). */
export const streamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('meta'), data: streamMetaSchema }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('citation'), data: citationSchema }),
  z.object({ event: z.literal('done'), data: streamDoneSchema }),
  z.object({ event: z.literal('error'), data: streamErrorSchema }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

// ---- quotas ----

export const usageSchema = z.object({
  tokens: z.object({ used: z.number().int(), limit: z.number().int(), period: z.string() }),
  storage: z.object({ usedBytes: z.number(), limitBytes: z.number() }),
});
export type Usage = z.infer<typeof usageSchema>;

export const trialUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type TrialUsage = z.infer<typeof trialUsageSchema>;

/** An event that breaks the stream's contract (unknown name, malformed or wrongly shaped data). */
export class InvalidStreamEventError extends Error {
  constructor(event: string) {
    super(`Invalid answer-stream event: ${event}`);
    this.name = 'InvalidStreamEventError';
  }
}

/**
 * Parses and validates one `text/event-stream` block ("event: x\ndata: {...}"): null for a block
 * without data (a comment or keep-alive); throws `InvalidStreamEventError` for an invalid event.
 */
export function parseStreamBlock(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.join('\n'));
  } catch {
    throw new InvalidStreamEventError(event);
  }
  const result = streamEventSchema.safeParse({ event, data: parsed });
  if (!result.success) throw new InvalidStreamEventError(event);
  return result.data;
}
