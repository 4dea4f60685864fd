import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Jira Cloud stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the REST API v3 the tickets
 * connector calls — `GET /rest/api/3/myself`, `GET /rest/api/3/project/{key}`, `GET /rest/api/3/user/search`,
 * `POST /rest/api/3/issue`, `GET /rest/api/3/issue/{idOrKey}`. Jira Cloud cannot be reached from here.
 *
 * It answers as Jira does: basic auth with an e-mail address and an API token (else 401 with `errorMessages`),
 * 404 for an unknown project or issue, 400 with per-field `errors` for an issue Jira would refuse (unknown issue
 * type, a description that is not an ADF document, an unknown assignee), and — when asked — 429 with a
 * Retry-After header in seconds.
 */

export interface JiraStandInIssue {
  id: string;
  key: string;
  summary: string;
  issueType: string;
  /** The description exactly as received (an ADF document). */
  description: unknown;
  status: string;
  assigneeAccountId: string | null;
  duedate: string | null;
}

export interface JiraStandInUser {
  accountId: string;
  displayName: string;
  emailAddress: string;
}

export interface JiraStandIn {
  /** The site's address, as a user types it: http://127.0.0.1:PORT */
  url: string;
  email: string;
  token: string;
  projectKey: string;
  /** Every request, in order: method and path with query. */
  requests: string[];
  issues: Map<string, JiraStandInIssue>;
  users: JiraStandInUser[];
  addIssue(issue: { summary: string; description: unknown }): JiraStandInIssue;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

export async function startJiraStandIn(): Promise<JiraStandIn> {
  const email = 'officer@example.com';
  const token = `ATATT-${randomBytes(12).toString('hex')}`;
  const projectKey = 'COMP';
  const issueTypes = ['Task', 'Bug'];
  const users: JiraStandInUser[] = [
    { accountId: '5b10a2844c20165700ede21g', displayName: 'Olivia Officer', emailAddress: email },
    { accountId: '5b10ac8d82e05b22cc7d4ef5', displayName: 'Mia Analyst', emailAddress: 'mia@example.com' },
  ];
  const issues = new Map<string, JiraStandInIssue>();
  const requests: string[] = [];
  let nextId = 10_000;
  let nextNumber = 1;
  let limited = { count: 0, seconds: 0 };

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const failure = (response: http.ServerResponse, status: number, errorMessages: string[], errors = {}) =>
    send(response, status, { errorMessages, errors });

  function addIssue(fields: Omit<JiraStandInIssue, 'id' | 'key' | 'status'>): JiraStandInIssue {
    const issue = { ...fields, id: String(nextId++), key: `${projectKey}-${nextNumber++}`, status: 'To Do' };
    issues.set(issue.id, issue);
    return issue;
  }

  const issueJson = (issue: JiraStandInIssue, base: string) => {
    const assignee = users.find((user) => user.accountId === issue.assigneeAccountId);
    return {
      id: issue.id,
      key: issue.key,
      self: `${base}/rest/api/3/issue/${issue.id}`,
      fields: {
        summary: issue.summary,
        issuetype: { name: issue.issueType },
        status: { name: issue.status, statusCategory: { key: issue.status === 'Done' ? 'done' : 'new' } },
        assignee: assignee ? { accountId: assignee.accountId, displayName: assignee.displayName } : null,
        duedate: issue.duedate,
        description: issue.description,
      },
    };
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const base = `http://${request.headers.host}`;
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (limited.count > 0) {
        limited.count -= 1;
        return send(
          response,
          429,
          { errorMessages: ['Rate limit exceeded.'] },
          { 'retry-after': String(limited.seconds) },
        );
      }
      const expected = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return failure(response, 401, ['Client must be authenticated to access this resource.']);
      }
      const path = url.pathname;
      if (request.method === 'GET' && path === '/rest/api/3/myself') {
        return send(response, 200, {
          accountId: users[0]!.accountId,
          emailAddress: email,
          displayName: 'Olivia Officer',
        });
      }
      const project = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && project) {
        if (decodeURIComponent(project[1]!) !== projectKey) {
          return failure(response, 404, [`No project could be found with key '${decodeURIComponent(project[1]!)}'.`]);
        }
        return send(response, 200, { id: '10000', key: projectKey, name: 'Compliance' });
      }
      if (request.method === 'GET' && path === '/rest/api/3/user/search') {
        const query = (url.searchParams.get('query') ?? '').toLowerCase();
        // Jira matches names and addresses by their start; privacy settings hide addresses (as for Mia here).
        const found = users.filter(
          (user) => user.emailAddress.startsWith(query) || user.displayName.toLowerCase().startsWith(query),
        );
        return send(
          response,
          200,
          found.map((user) => ({
            accountId: user.accountId,
            accountType: 'atlassian',
            displayName: user.displayName,
            ...(user.emailAddress === email ? { emailAddress: user.emailAddress } : {}),
          })),
        );
      }
      if (request.method === 'POST' && path === '/rest/api/3/issue') {
        const { fields } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          fields?: {
            project?: { key?: string };
            issuetype?: { name?: string };
            summary?: string;
            description?: { type?: string; version?: number };
            duedate?: string;
            assignee?: { accountId?: string };
          };
        };
        const errors: Record<string, string> = {};
        if (fields?.project?.key !== projectKey) errors['project'] = 'valid project is required';
        if (!issueTypes.includes(fields?.issuetype?.name ?? '')) errors['issuetype'] = 'Specify a valid issue type';
        if (!fields?.summary || fields.summary.length > 255 || /\n/.test(fields.summary)) {
          errors['summary'] = 'You must specify a summary of the issue.';
        }
        if (fields?.description && (fields.description.type !== 'doc' || fields.description.version !== 1)) {
          errors['description'] = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
        }
        if (fields?.assignee && !users.some((user) => user.accountId === fields.assignee!.accountId)) {
          errors['assignee'] = `User '${fields.assignee.accountId}' cannot be assigned issues.`;
        }
        if (fields?.duedate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(fields.duedate)) {
          errors['duedate'] = 'Error parsing date string';
        }
        if (Object.keys(errors).length > 0) return failure(response, 400, [], errors);
        const issue = addIssue({
          summary: fields!.summary!,
          issueType: fields!.issuetype!.name!,
          description: fields!.description ?? null,
          assigneeAccountId: fields!.assignee?.accountId ?? null,
          duedate: fields!.duedate ?? null,
        });
        return send(response, 201, { id: issue.id, key: issue.key, self: `${base}/rest/api/3/issue/${issue.id}` });
      }
      const issuePath = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && issuePath) {
        const idOrKey = decodeURIComponent(issuePath[1]!);
        const issue = issues.get(idOrKey) ?? [...issues.values()].find((candidate) => candidate.key === idOrKey);
        if (!issue) return failure(response, 404, ['Issue does not exist or you do not have permission to see it.']);
        return send(response, 200, issueJson(issue, base));
      }
      failure(response, 404, [`No route ${request.method} ${path}`]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    email,
    token,
    projectKey,
    requests,
    issues,
    users,
    addIssue: ({ summary, description }) =>
      addIssue({ summary, description, issueType: 'Task', assigneeAccountId: null, duedate: null }),
    rateLimitNext(count, seconds) {
      limited = { count, seconds };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
