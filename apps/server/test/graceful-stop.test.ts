import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from './helpers/factories.ts';
import { multipartFile } from './helpers/uploads.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { assistantId, parseEvents } from './chat/helpers.ts';

/**
 * A local stand-in for an OpenAI-compatible API (the remote LLM cannot run here) that streams a first
 * piece, then holds the answer until the test releases it: an answer that is running when a stop begins.
 */
async function startHeldLlm() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const answering = new Promise<void>((resolve) => (requested = resolve));
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const chunk = (content: string | null, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('Reports go '));
      requested();
      void released.then(() => {
        if (response.destroyed) return;
        response.write(chunk('to MROS [1].'));
        response.write(chunk(null, 'stop'));
        response.end('data: [DONE]\n\n');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    answering,
    release,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads an answer stream to its end and returns its events. */
async function readStream(response: Response) {
  return parseEvents(await response.text());
}

/** Waits for a condition (polled; the bound only catches a hang): the suite never waits a fixed time. */
function until(condition: () => boolean) {
  return vi.waitFor(() => expect(condition()).toBe(true), { timeout: 120_000, interval: 5 });
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function stage() {
  const llm = await startHeldLlm();
  // No knowledge base: the stand-in answers whatever the sources.
  const app: TestApp = await createTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'm' } });
  cleanup.push(llm.close, async () => {
    if (!app.server.listening) return;
    await app.close();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { headers } = await createTestUser(app);
  const aiExpert = await assistantId(app);
  const ask = () =>
    fetch(`${base}/api/chat/conversations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: aiExpert, content: 'Who receives suspicious activity reports?' }),
    });
  return { app, llm, base, headers, ask };
}

describe('stopping the server', () => {
  it('refuses new work with 503 and Retry-After, and lets a running answer and upload finish within the grace', async () => {
    const { app, llm, base, headers, ask } = await stage();
    const answer = await ask();
    await llm.answering;

    // An upload whose body is still arriving when the stop begins.
    const { payload, headers: multipartHeaders } = multipartFile('memo.txt', 'Suspicious activity goes to MROS.');
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}/api/documents/files`, {
        method: 'POST',
        headers: { ...headers, ...multipartHeaders, 'content-length': String(payload.length) },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write(payload.subarray(0, 40));
      cleanup.push(async () => void request.destroy());
      void until(() => app.lifecycle.inFlight >= 2).then(async () => {
        const draining = app.lifecycle.drain(600_000);
        await until(() => app.lifecycle.stopping);
        request.end(payload.subarray(40));
        void draining;
      });
    });

    await until(() => app.lifecycle.stopping);
    const refused = await fetch(`${base}/api/chat/conversations`, { headers });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: { code: 'SERVER_RESTARTING' } });
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', checks: { server: 'stopping' } });
    // Liveness: the process is still up.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    expect(await upload).toMatchObject({ status: 201 });
    llm.release();
    const events = await readStream(answer);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'complete' } });
    await until(() => app.lifecycle.inFlight === 0);
    expect(await app.lifecycle.drain(0)).toEqual({ unfinished: 0 });
    await app.close();
  }, 180_000);

  it('ends an answer still running after the grace with SERVER_RESTARTING, then closes', async () => {
    const { app, llm, ask } = await stage();
    const answer = await ask();
    await llm.answering;

    expect(await app.lifecycle.drain(0)).toEqual({ unfinished: 1 });
    const closing = app.close();
    const events = await readStream(answer);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'SERVER_RESTARTING' } });
    await closing;
  }, 180_000);
});
