import { z } from 'zod';
import { iso2Schema } from './countries.ts';
import { displayText } from './text.ts';

/**
 * Tickets and tasks (issue 17, the `tickets` capability): a conversation turned into a support ticket,
 * a task made from an answer or a FATF country change, a ticket's question imported into a new
 * conversation. Each ticket or task made here is linked to where it came from and shows the remote's
 * status. Messages are i18n keys of the `integrations` namespace.
 */

export const TICKET_TITLE_MAX_LENGTH = 200;
export const TICKET_DESCRIPTION_MAX_LENGTH = 20_000;
export const TASK_OWNER_MAX_LENGTH = 200;
/** An imported question is cut to this many characters (a chat question's limit). */
export const IMPORTED_QUESTION_MAX_CHARS = 8_000;
/** Opening a conversation refreshes at most this many linked tickets' statuses from the remote. */
export const TICKET_STATUS_REFRESH_MAX = 10;
/** A ticket's status is read again from the remote at most this often. */
export const TICKET_STATUS_MAX_AGE_MS = 60_000;

export const ticketNumberSchema = z.coerce
  .number({ error: 'integrations:validation.ticketNumberInvalid' })
  .int('integrations:validation.ticketNumberInvalid')
  .min(1, 'integrations:validation.ticketNumberInvalid')
  .max(Number.MAX_SAFE_INTEGER, 'integrations:validation.ticketNumberInvalid');

/** A ticket's own label where the product has one besides its number: a Jira issue key such as COMP-12. */
export const ticketReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(300, 'integrations:validation.ticketNumberInvalid')
  .regex(/^[A-Z][A-Z0-9_]*-[1-9]\d*$/, 'integrations:validation.ticketNumberInvalid');

/** A ticket named by its number (RT, Asana, Jira's issue id) or by its label (Jira's key). */
export const ticketIdentifierSchema = z.union([ticketNumberSchema, ticketReferenceSchema], {
  error: 'integrations:validation.ticketNumberInvalid',
});

/** A conversation's last answer (or the one named) becomes a ticket: subject the question, body the answer. */
export const createTicketInputSchema = z.object({
  conversationId: z.uuid(),
  /** The answer to send; the conversation's last finished answer when absent. */
  messageId: z.uuid().optional(),
});
export type CreateTicketInput = z.infer<typeof createTicketInputSchema>;

const dueDate = z.iso.date('integrations:validation.dueDateInvalid');

/**
 * A task from an answer (a conversation: the answer named, or its last one) or from a FATF country change
 * (a country); the server adds the answer's or the country page's sources to the description.
 */
export const createTaskInputSchema = z
  .object({
    title: displayText(TICKET_TITLE_MAX_LENGTH, {
      required: 'errors:validation.required',
      tooLong: 'integrations:validation.titleTooLong',
    }),
    description: z
      .string()
      .trim()
      .max(TICKET_DESCRIPTION_MAX_LENGTH, 'integrations:validation.descriptionTooLong')
      .default(''),
    due: dueDate.nullable().default(null),
    /** The remote user the task is assigned to (RT: a user name or e-mail address; Jira, Asana: an e-mail address); empty = nobody. */
    owner: z
      .string()
      .trim()
      .max(TASK_OWNER_MAX_LENGTH, 'integrations:validation.ownerInvalid')
      .regex(/^[^\s/]*$/, 'integrations:validation.ownerInvalid')
      .default(''),
    conversationId: z.uuid().optional(),
    messageId: z.uuid().optional(),
    country: iso2Schema.optional(),
  })
  .refine((input) => Boolean(input.country) !== Boolean(input.conversationId), {
    message: 'integrations:validation.taskSourceRequired',
    path: ['country'],
  });
export type CreateTaskInput = z.input<typeof createTaskInputSchema>;

export const ticketLinkSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['ticket', 'task']),
  connectionId: z.uuid().nullable(),
  connectionName: z.string(),
  number: z.number().int(),
  /** The remote's own label when it is not the number ("COMP-12" for Jira); shown instead of "#number". */
  reference: z.string().nullable(),
  title: z.string(),
  /** Where a person opens it in the remote. */
  url: z.string(),
  /** The remote's own status word ("new", "open", "resolved"…). */
  status: z.string(),
  statusCheckedAt: z.iso.datetime(),
  owner: z.string().nullable(),
  due: z.iso.date().nullable(),
  conversationId: z.uuid().nullable(),
  country: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TicketLink = z.infer<typeof ticketLinkSchema>;

export const ticketLinkListSchema = z.object({ tickets: z.array(ticketLinkSchema) });
export type TicketLinkList = z.infer<typeof ticketLinkListSchema>;

/** The tickets and tasks made from one conversation or for one country (exactly one of the two). */
export const ticketLinksQuerySchema = z
  .object({ conversationId: z.uuid().optional(), country: iso2Schema.optional() })
  .refine((query) => Boolean(query.conversationId) !== Boolean(query.country), {
    message: 'errors:validation.invalid',
  });

export const ticketParamsSchema = z.object({ id: z.uuid(), number: ticketIdentifierSchema });

/** A ticket's first message, to start a new conversation with. */
export const importedTicketSchema = z.object({
  number: z.number().int(),
  subject: z.string(),
  question: z.string(),
  url: z.string(),
});
export type ImportedTicket = z.infer<typeof importedTicketSchema>;
