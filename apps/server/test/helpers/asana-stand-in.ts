import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Asana stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the REST API (api/1.0) the tickets
 * connector calls — `GET /users/me`, `GET /users/{gid or e-mail}`, `GET /projects/{gid}`, `POST /tasks`,
 * `GET /tasks/{gid}`. Asana cannot be reached from here; the connection's API address is pointed at this server.
 *
 * It answers as Asana does: bodies in a `data` envelope, a personal access token as a Bearer token (else 401 with
 * an `errors` list), 16-digit gids, 404 for an unknown project, task or user, 400 for a task Asana would refuse,
 * and — when asked — 429 with a Retry-After header in seconds.
 */

export interface AsanaStandInTask {
  gid: string;
  name: string;
  notes: string;
  projects: string[];
  workspace: string;
  completed: boolean;
  assigneeGid: string | null;
  due_on: string | null;
}

export interface AsanaStandInUser {
  gid: string;
  name: string;
  email: string;
}

export interface AsanaStandIn {
  /** The API's address, for the app's `asanaApiUrl` option: http://127.0.0.1:PORT/api/1.0 */
  url: string;
  token: string;
  workspaceGid: string;
  projectGid: string;
  /** Every request, in order: method and path with query. */
  requests: string[];
  tasks: Map<string, AsanaStandInTask>;
  users: AsanaStandInUser[];
  addTask(task: { name: string; notes: string }): AsanaStandInTask;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

export async function startAsanaStandIn(): Promise<AsanaStandIn> {
  const token = `2/1208000000000001/${randomBytes(16).toString('hex')}`;
  const workspaceGid = '1208000000000100';
  const projectGid = '1208000000000200';
  const users: AsanaStandInUser[] = [
    { gid: '1208000000000011', name: 'Olivia Officer', email: 'officer@example.com' },
    { gid: '1208000000000012', name: 'Mia Analyst', email: 'mia@example.com' },
  ];
  const tasks = new Map<string, AsanaStandInTask>();
  const requests: string[] = [];
  // Asana's gids are 16-digit numbers: larger than a 32-bit integer.
  let nextGid = 1_208_765_432_100_000;
  let limited = { count: 0, seconds: 0 };

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const failure = (response: http.ServerResponse, status: number, message: string) =>
    send(response, status, { errors: [{ message, help: 'For more information on API status codes…' }] });

  function addTask(fields: Omit<AsanaStandInTask, 'gid' | 'completed'>): AsanaStandInTask {
    const task = { ...fields, gid: String(nextGid++), completed: false };
    tasks.set(task.gid, task);
    return task;
  }

  const taskJson = (task: AsanaStandInTask) => {
    const assignee = users.find((user) => user.gid === task.assigneeGid);
    return {
      gid: task.gid,
      resource_type: 'task',
      name: task.name,
      notes: task.notes,
      completed: task.completed,
      assignee: assignee ? { gid: assignee.gid, resource_type: 'user', name: assignee.name } : null,
      due_on: task.due_on,
      permalink_url: `https://app.asana.com/1/${workspaceGid}/project/${task.projects[0]}/task/${task.gid}`,
    };
  };

  const userNamed = (idOrEmail: string) =>
    idOrEmail === 'me' ? users[0] : users.find((user) => user.gid === idOrEmail || user.email === idOrEmail);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (limited.count > 0) {
        limited.count -= 1;
        return send(
          response,
          429,
          { errors: [{ message: 'You have made too many requests recently. Please, be chill.' }] },
          { 'retry-after': String(limited.seconds) },
        );
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        return failure(response, 401, 'Not Authorized');
      }
      const path = url.pathname.replace(/^\/api\/1\.0/, '');
      const user = /^\/users\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && user) {
        const found = userNamed(decodeURIComponent(user[1]!));
        if (!found) return failure(response, 404, 'user: Unknown object: the user does not exist');
        return send(response, 200, { data: { gid: found.gid, resource_type: 'user', name: found.name } });
      }
      const project = /^\/projects\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && project) {
        if (project[1] !== projectGid) return failure(response, 404, 'project: Unknown object: ' + project[1]);
        return send(response, 200, {
          data: {
            gid: projectGid,
            resource_type: 'project',
            name: 'Compliance',
            workspace: { gid: workspaceGid, resource_type: 'workspace', name: 'Example Corp' },
          },
        });
      }
      if (request.method === 'POST' && path === '/tasks') {
        const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          data?: {
            name?: string;
            notes?: string;
            projects?: string[];
            workspace?: string;
            due_on?: string;
            assignee?: string;
          };
        };
        if (!data) return failure(response, 400, 'data: Missing input');
        if (!data.projects?.every((gid) => gid === projectGid)) {
          return failure(response, 404, `projects: Unknown object: ${data.projects?.join(',')}`);
        }
        if (data.workspace !== undefined && data.workspace !== workspaceGid) {
          return failure(response, 400, 'workspace: Not a recognized ID');
        }
        if (data.due_on !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(data.due_on)) {
          return failure(response, 400, 'due_on: Invalid date');
        }
        const assignee = data.assignee === undefined ? null : userNamed(data.assignee);
        if (assignee === undefined) return failure(response, 400, `assignee: Not a recognized ID: ${data.assignee}`);
        const task = addTask({
          name: data.name ?? '',
          notes: data.notes ?? '',
          projects: data.projects ?? [],
          workspace: workspaceGid,
          assigneeGid: assignee?.gid ?? null,
          due_on: data.due_on ?? null,
        });
        return send(response, 201, { data: taskJson(task) });
      }
      const task = /^\/tasks\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && task) {
        const found = tasks.get(task[1]!);
        if (!found) return failure(response, 404, 'task: Unknown object: ' + task[1]);
        return send(response, 200, { data: taskJson(found) });
      }
      failure(response, 404, `No matching route for request: ${request.method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/1.0`,
    token,
    workspaceGid,
    projectGid,
    requests,
    tasks,
    users,
    addTask: ({ name, notes }) =>
      addTask({ name, notes, projects: [projectGid], workspace: workspaceGid, assigneeGid: null, due_on: null }),
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
