import type { AsanaSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type NewTicket,
  type RemoteTicket,
  type TicketConnector,
} from './connector.ts';
import { readCapped, waitingOutRateLimits } from './http.ts';

export const ASANA_API_URL = 'https://app.asana.com/api/1.0';
/** An Asana answer is a few kilobytes; a task with long notes a few hundred. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const TASK_FIELDS = 'name,notes,completed,assignee.name,due_on,permalink_url';

interface AsanaTask {
  gid?: unknown;
  name?: unknown;
  notes?: unknown;
  completed?: unknown;
  assignee?: { name?: unknown } | null;
  due_on?: unknown;
  permalink_url?: unknown;
}

/**
 * Asana through its REST API (`https://app.asana.com/api/1.0`), signed in with a personal access token
 * (Bearer). Tasks go into the connection's project; the assignee is named by e-mail address, which Asana
 * accepts wherever a user is meant. Asana's own Node client is a generated superagent client configured
 * through a process-wide instance, which cannot be given the outbound guard's fetch: these few JSON calls
 * go through it directly.
 */
export function createAsanaConnector(
  settings: AsanaSettings,
  token: string,
  outbound: Outbound,
  options: { apiUrl?: string } = {},
): TicketConnector {
  const api = (options.apiUrl ?? ASANA_API_URL).replace(/\/+$/, '');
  outbound.checkUrl(api);
  // A short Retry-After is waited out; a longer one is reported as rate limited.
  const fetch = waitingOutRateLimits(outbound.fetch);

  async function call<T>(method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<T> {
    let payload: unknown = undefined;
    let response: Response;
    try {
      response = await fetch(`${api}${endpoint}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify({ data: body }),
      });
      const text = await readCapped(response, MAX_ANSWER_BYTES);
      try {
        payload = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: a proxy's page, or not Asana at all.
      }
    } catch (error) {
      throw toConnectorError(error);
    }
    if (!response.ok) {
      const errors = (payload as { errors?: { message?: unknown }[] } | undefined)?.errors;
      const messages = Array.isArray(errors) ? errors.map((error) => error.message).filter(Boolean) : [];
      const detail = messages.length > 0 ? messages.join('; ').slice(0, 300) : `Asana answered ${response.status}`;
      throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
    }
    const data = (payload as { data?: unknown } | undefined)?.data;
    if (typeof data !== 'object' || data === null) {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not an Asana API answer');
    }
    return data as T;
  }

  /** A 404 of one call, said with what was not found. */
  async function naming<T>(
    what: string,
    code: 'INTEGRATION_REMOTE_NOT_FOUND' | 'INTEGRATION_ASSIGNEE_NOT_FOUND',
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND') {
        throw new ConnectorError(code, `${what} not found`);
      }
      throw error;
    }
  }

  function toTicket(task: AsanaTask): RemoteTicket {
    // Gids are numbers of up to 16 digits so far; one that a JavaScript number cannot hold is refused.
    const number = typeof task.gid === 'string' && /^\d+$/.test(task.gid) ? Number(task.gid) : NaN;
    if (!Number.isSafeInteger(number) || number < 1) {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Asana did not say which task it is');
    }
    return {
      number,
      reference: null,
      url:
        typeof task.permalink_url === 'string'
          ? task.permalink_url
          : `https://app.asana.com/0/${settings.projectGid}/${task.gid as string}`,
      status: task.completed === true ? 'completed' : 'open',
      subject: typeof task.name === 'string' ? task.name : '',
      owner: typeof task.assignee?.name === 'string' ? task.assignee.name : null,
      due: typeof task.due_on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(task.due_on) ? task.due_on : null,
    };
  }

  const task = (number: number) =>
    naming(`task ${number}`, 'INTEGRATION_REMOTE_NOT_FOUND', () =>
      call<AsanaTask>('GET', `/tasks/${number}?opt_fields=${TASK_FIELDS}`),
    );

  /** The project must exist, be visible to the token's user and, when one is named, be of the workspace. */
  async function checkProject(): Promise<void> {
    const project = await naming(`project ${settings.projectGid}`, 'INTEGRATION_REMOTE_NOT_FOUND', () =>
      call<{ workspace?: { gid?: unknown } | null }>(
        'GET',
        `/projects/${settings.projectGid}?opt_fields=name,workspace`,
      ),
    );
    if (settings.workspaceGid && project.workspace?.gid !== settings.workspaceGid) {
      throw new ConnectorError(
        'INTEGRATION_REMOTE_NOT_FOUND',
        `project ${settings.projectGid} not found in workspace ${settings.workspaceGid}`,
      );
    }
  }

  return {
    describe: () => `Asana · ${settings.projectGid}`,

    async check() {
      await call('GET', '/users/me');
      await checkProject();
    },

    async create(ticket: NewTicket) {
      // Checked first, so that a mistake creates nothing and says what is wrong.
      await checkProject();
      if (ticket.owner) {
        const owner = ticket.owner;
        await naming(`user “${owner}”`, 'INTEGRATION_ASSIGNEE_NOT_FOUND', () =>
          call('GET', `/users/${encodeURIComponent(owner)}?opt_fields=name`),
        );
      }
      const created = await call<AsanaTask>('POST', `/tasks?opt_fields=${TASK_FIELDS}`, {
        name: ticket.subject,
        notes: ticket.body,
        projects: [settings.projectGid],
        ...(settings.workspaceGid ? { workspace: settings.workspaceGid } : {}),
        ...(ticket.due ? { due_on: ticket.due } : {}),
        ...(ticket.owner ? { assignee: ticket.owner } : {}),
      });
      return toTicket(created);
    },

    get: async (number) => toTicket(await task(number)),

    async firstMessage(number, maxChars) {
      const found = await task(number);
      return {
        subject: typeof found.name === 'string' ? found.name : '',
        text: typeof found.notes === 'string' ? found.notes.replace(/\r\n?/g, '\n').trim().slice(0, maxChars) : '',
      };
    },
  };
}
