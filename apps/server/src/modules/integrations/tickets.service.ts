import { createHash } from 'node:crypto';
import {
  asanaSettingsSchema,
  connectorCapability,
  freshdeskSettingsSchema,
  jiraSettingsSchema,
  requestTrackerSettingsSchema,
  zendeskSettingsSchema,
} from '@compliance/shared/integrations';
import {
  IMPORTED_QUESTION_MAX_CHARS,
  TICKET_STATUS_MAX_AGE_MS,
  TICKET_STATUS_REFRESH_MAX,
  createTaskInputSchema,
  type CreateTaskInput,
  type CreateTicketInput,
  type ImportedTicket,
  type TicketLink,
} from '@compliance/shared/tickets';
import type { IntegrationConnectionRow, IntegrationTicketRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { CountriesService } from '../countries/countries.service.ts';
import { createAsanaConnector } from './connectors/asana.ts';
import { ConnectorError, type OutboundMessage, type TicketConnector } from './connectors/connector.ts';
import { createFreshdeskConnector } from './connectors/freshdesk.ts';
import { createJiraConnector } from './connectors/jira.ts';
import { createRequestTrackerConnector } from './connectors/request-tracker.ts';
import { renderPlain } from './connectors/render-message.ts';
import { createZendeskConnector } from './connectors/zendesk.ts';
import type { IntegrationsRepository } from './integrations.repository.ts';
import type { Outbound } from './outbound.ts';
import type { SecretBox } from './secret-box.ts';
import { outboundCitations, sharedAnswerFooter } from './shared-message.ts';
import type { TicketsRepository } from './tickets.repository.ts';

/** Opening a conversation waits at most this long for the remote's statuses; late ones show next time. */
const STATUS_REFRESH_TIMEOUT_MS = 5_000;

/** The connector of a `tickets` connection (one adapter per product). */
export function ticketConnector(
  row: IntegrationConnectionRow,
  secrets: SecretBox,
  outbound: Outbound,
  /** Tests point the Asana connector at a local server that speaks Asana's API. */
  options: { asanaApiUrl?: string } = {},
): TicketConnector {
  if (row.kind === 'requesttracker') {
    return createRequestTrackerConnector(
      requestTrackerSettingsSchema.parse(row.settings),
      secrets.open(row.secretCiphertext),
      outbound,
    );
  }
  if (row.kind === 'zendesk') {
    return createZendeskConnector(
      zendeskSettingsSchema.parse(row.settings),
      secrets.open(row.secretCiphertext),
      outbound,
    );
  }
  if (row.kind === 'freshdesk') {
    return createFreshdeskConnector(
      freshdeskSettingsSchema.parse(row.settings),
      secrets.open(row.secretCiphertext),
      outbound,
    );
  }
  if (row.kind === 'jira') {
    return createJiraConnector(jiraSettingsSchema.parse(row.settings), secrets.open(row.secretCiphertext), outbound);
  }
  if (row.kind === 'asana') {
    return createAsanaConnector(asanaSettingsSchema.parse(row.settings), secrets.open(row.secretCiphertext), outbound, {
      apiUrl: options.asanaApiUrl,
    });
  }
  throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'Not a ticket or task connection');
}

export interface TicketsDeps {
  access: Access;
  repository: IntegrationsRepository;
  tickets: TicketsRepository;
  secrets: SecretBox;
  outbound: Outbound;
  chat: Pick<ChatService, 'getConversation'>;
  countries: Pick<CountriesService, 'listCountries'>;
  publicUrl: string;
  /** Tests point the Asana connector at a local server that speaks Asana's API. */
  asanaApiUrl?: string;
  now?: () => Date;
}

/**
 * Tickets and tasks (issue 17): a conversation turned into a ticket, a task from an answer or a FATF country,
 * a ticket's question read back for a new conversation, and the linked tickets' statuses. A user uses their
 * own connections and the organisation's (`integration.use`), and only their own conversations; links are
 * only ever shown to the user who made them.
 */
export function createTicketsService(deps: TicketsDeps) {
  const { access, repository, tickets, secrets, outbound, chat, countries } = deps;
  const now = deps.now ?? (() => new Date());

  /** A connection the caller may use, of the tickets capability. */
  async function usableConnection(actor: Actor, id: string) {
    const user = await access.require(actor, 'integration.use', { type: 'integration', id });
    const row = await repository.find(id);
    if (!row) throw new AppError('INTEGRATION_NOT_FOUND', 404, 'integration not found');
    if (connectorCapability[row.kind] !== 'tickets') {
      throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'Not a ticket or task connection');
    }
    return { user, row, connector: ticketConnector(row, secrets, outbound, { asanaApiUrl: deps.asanaApiUrl }) };
  }

  /** A finished answer of the caller's own conversation (the last one unless named) and its question. */
  async function answerOf(user: UserActor, conversationId: string, messageId?: string): Promise<OutboundMessage> {
    const conversation = await chat.getConversation(user, { id: conversationId });
    const finished = (message: (typeof conversation.messages)[number]) =>
      message.role === 'assistant' && message.status === 'complete' && message.content.trim() !== '';
    const index = messageId
      ? conversation.messages.findIndex((message) => message.id === messageId && finished(message))
      : conversation.messages.findLastIndex(finished);
    const answer = conversation.messages[index];
    if (!answer) throw new AppError('MESSAGE_NOT_FOUND', 404, 'No finished answer with this id in the conversation');
    const question = conversation.messages
      .slice(0, index)
      .reverse()
      .find((message) => message.role === 'user');
    return {
      title: (question?.content ?? conversation.title).replace(/\s+/g, ' ').trim().slice(0, 200),
      text: answer.content,
      citations: outboundCitations(answer.citations, deps.publicUrl),
      footer: sharedAnswerFooter(user.user, now()),
    };
  }

  /** The journal's record of what went out (or failed to), like every other outbound message. */
  async function journal(
    row: IntegrationConnectionRow,
    sender: UserActor,
    entry: { destination: string; content: string; externalId: string | null; errorCode?: string },
  ) {
    await repository.journal({
      connectionId: row.id,
      connectionName: row.name,
      connectionScope: row.scope,
      kind: row.kind,
      destination: entry.destination,
      senderUserId: sender.user.id,
      senderEmail: sender.user.email,
      content: entry.content,
      contentSha256: createHash('sha256').update(entry.content).digest('hex'),
      status: entry.errorCode ? 'failed' : 'sent',
      externalId: entry.externalId,
      errorCode: entry.errorCode ?? null,
    });
  }

  /** Sends a ticket, journals it and links it; a remote failure is journalled and answered, nothing is linked. */
  async function send(
    user: UserActor,
    row: IntegrationConnectionRow,
    connector: TicketConnector,
    message: OutboundMessage,
    link: { kind: 'ticket' | 'task'; conversationId: string | null; country: string | null },
    task?: { due: string | null; owner: string },
  ): Promise<TicketLink> {
    const content = renderPlain(message);
    const body = renderPlain({ ...message, title: '' });
    try {
      const created = await connector.create({
        subject: message.title,
        body,
        due: task?.due ?? null,
        owner: task?.owner || null,
      });
      await journal(row, user, {
        destination: connector.describe(),
        content,
        externalId: created.reference ?? String(created.number),
      });
      const stored = await tickets.insert({
        kind: link.kind,
        userId: user.user.id,
        connectionId: row.id,
        connectionName: row.name,
        conversationId: link.conversationId,
        country: link.country,
        number: created.number,
        reference: created.reference ?? null,
        title: message.title,
        url: created.url,
        status: created.status,
        statusCheckedAt: now(),
        owner: created.owner,
        due: created.due,
      });
      return toLink(stored);
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      await journal(row, user, { destination: connector.describe(), content, externalId: null, errorCode: error.code });
      // A mistyped assignee is the user's mistake, not the connection's: it stays as it was.
      if (error.code === 'INTEGRATION_ASSIGNEE_NOT_FOUND') throw appError(error);
      await repository.update(row.id, {
        status: 'failing',
        lastCheckedAt: now(),
        lastErrorCode: error.code,
        lastErrorDetail: error.detail,
      });
      throw appError(error);
    }
  }

  /** Reads the statuses of stale links again, a bounded number and for a bounded time. */
  async function refresh(user: UserActor, rows: IntegrationTicketRow[]): Promise<void> {
    const stale = rows
      .filter((row) => row.connectionId && now().getTime() - row.statusCheckedAt.getTime() >= TICKET_STATUS_MAX_AGE_MS)
      .slice(0, TICKET_STATUS_REFRESH_MAX);
    if (stale.length === 0) return;
    const connectors = new Map<string, TicketConnector | null>();
    const connectorFor = async (connectionId: string) => {
      if (!connectors.has(connectionId)) {
        // A connection the user may no longer use (revoked, or made personal by someone else) is not asked.
        const found = await usableConnection(user, connectionId).catch(() => null);
        connectors.set(connectionId, found?.connector ?? null);
      }
      return connectors.get(connectionId) ?? null;
    };
    const work = Promise.allSettled(
      stale.map(async (row) => {
        const connector = await connectorFor(row.connectionId!);
        if (!connector) return;
        const remote = await connector.get(row.number);
        const at = now();
        await tickets.updateStatus(row.id, { status: remote.status, owner: remote.owner, due: remote.due, at });
        Object.assign(row, { status: remote.status, owner: remote.owner, due: remote.due, statusCheckedAt: at });
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, STATUS_REFRESH_TIMEOUT_MS)))]);
    clearTimeout(timer);
  }

  return {
    /** Turns the caller's conversation into a ticket: subject the question, body the answer and its sources. */
    async createTicket(actor: Actor, connectionId: string, input: CreateTicketInput): Promise<TicketLink> {
      const { user, row, connector } = await usableConnection(actor, connectionId);
      const message = await answerOf(user, input.conversationId, input.messageId);
      return send(user, row, connector, message, {
        kind: 'ticket',
        conversationId: input.conversationId,
        country: null,
      });
    },

    /** A task (RT: a ticket with a due date and an owner) from an answer or a FATF country. */
    async createTask(actor: Actor, connectionId: string, body: CreateTaskInput): Promise<TicketLink> {
      const input = createTaskInputSchema.parse(body);
      const { user, row, connector } = await usableConnection(actor, connectionId);
      let citations: OutboundMessage['citations'];
      if (input.country) {
        const { countries: listed } = await countries.listCountries(user);
        const country = listed.find((entry) => entry.iso2 === input.country);
        if (!country) throw new AppError('COUNTRY_NOT_FOUND', 404, 'No such country');
        const language = user.user.language as keyof typeof country.names;
        citations = [
          {
            number: 1,
            title: `FATF: ${country.names[language] ?? country.names.en}`,
            url: `${deps.publicUrl}/fatf/countries/${country.iso2}`,
            quote: '',
          },
        ];
      } else {
        citations = (await answerOf(user, input.conversationId!, input.messageId)).citations;
      }
      return send(
        user,
        row,
        connector,
        { title: input.title, text: input.description, citations, footer: sharedAnswerFooter(user.user, now()) },
        { kind: 'task', conversationId: input.conversationId ?? null, country: input.country ?? null },
        { due: input.due, owner: input.owner },
      );
    },

    /** The caller's tickets and tasks of one of their conversations or one country, statuses refreshed. */
    async links(actor: Actor, where: { conversationId?: string; country?: string }): Promise<TicketLink[]> {
      const user = await access.require(actor, 'integration.use');
      if (where.conversationId) await chat.getConversation(user, { id: where.conversationId });
      const rows = await tickets.list(
        user.user.id,
        where.conversationId ? { conversationId: where.conversationId } : { country: where.country! },
      );
      await refresh(user, rows);
      return rows.map(toLink);
    },

    /** A ticket's subject and first message, to ask in a new conversation (named by number, or Jira's key). */
    async importTicket(actor: Actor, connectionId: string, identifier: number | string): Promise<ImportedTicket> {
      const { connector } = await usableConnection(actor, connectionId);
      try {
        const number = typeof identifier === 'number' ? identifier : (await byReference(connector, identifier)).number;
        const [first, ticket, ours] = await Promise.all([
          connector.firstMessage(number, IMPORTED_QUESTION_MAX_CHARS),
          connector.get(number),
          tickets.madeFromConversation(connectionId, number),
        ]);
        // A ticket this app made holds the question in its subject and an answer in its text.
        const question = ours ? first.subject : first.text || first.subject;
        return {
          number,
          subject: first.subject,
          question: question.slice(0, IMPORTED_QUESTION_MAX_CHARS),
          url: ticket.url,
        };
      } catch (error) {
        if (error instanceof ConnectorError) throw appError(error);
        throw error;
      }
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;

/** The ticket a label names, in a product that has labels (a product without them has no such ticket). */
async function byReference(connector: TicketConnector, reference: string) {
  if (!connector.getByReference) {
    throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `ticket ${reference} not found`);
  }
  return connector.getByReference(reference);
}

function appError(error: ConnectorError): AppError {
  const status =
    error.code === 'INTEGRATION_RATE_LIMITED'
      ? 429
      : error.code === 'INTEGRATION_ADDRESS_BLOCKED'
        ? 400
        : error.code === 'INTEGRATION_REMOTE_NOT_FOUND' || error.code === 'INTEGRATION_ASSIGNEE_NOT_FOUND'
          ? 404
          : 502;
  return new AppError(error.code, status, error.detail);
}

function toLink(row: IntegrationTicketRow): TicketLink {
  return {
    id: row.id,
    kind: row.kind,
    connectionId: row.connectionId,
    connectionName: row.connectionName,
    number: row.number,
    reference: row.reference,
    title: row.title,
    url: row.url,
    status: row.status,
    statusCheckedAt: row.statusCheckedAt.toISOString(),
    owner: row.owner,
    due: row.due,
    conversationId: row.conversationId,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
  };
}
