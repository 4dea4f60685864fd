import { parseStreamBlock, type StreamEvent } from '@compliance/shared/chat';
import { apiRequest, isApiError, type ApiError } from '@/lib/api-client.ts';

/**
 * Opens an answer stream (DESIGN §5) and hands each event to `onEvent`. Failures are classified
 * the way the spec names them:
 * - `connection`: the stream could not be opened (network) — 'Connection Error';
 * - `rejected`: the server refused before streaming (with its error code) — e.g. the daily limit,
 *   or 'Failed to start conversation' for a new conversation;
 * - `stream`: the stream broke mid-answer or ended early — 'Streaming Error';
 * - `assistant`: the answer provider reported an error — 'Assistant Error';
 * - `restarted`: the server was stopped while it answered — ask again in a moment.
 */
export type StreamFailure =
  | { kind: 'connection' }
  | { kind: 'rejected'; error: ApiError }
  | { kind: 'stream' }
  | { kind: 'assistant' }
  | { kind: 'restarted' };

/** The failure an error event of the stream (or a stored failed answer) stands for. */
export function failureKindOf(code: string | null | undefined): 'stream' | 'assistant' | 'restarted' {
  if (code === 'SERVER_RESTARTING') return 'restarted';
  return code === 'ASSISTANT_ERROR' ? 'assistant' : 'stream';
}

export class StreamFailureError extends Error {
  readonly failure: StreamFailure;
  constructor(failure: StreamFailure) {
    super(`Answer stream failed: ${failure.kind}`);
    this.failure = failure;
  }
}

export interface StreamAnswerOptions {
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  signal: AbortSignal;
  onEvent: (event: StreamEvent) => void;
}

/** Resolves when the answer is done (or stopped by the signal); throws `StreamFailureError`. */
export async function streamAnswer({
  path,
  body,
  headers,
  signal,
  onEvent,
}: StreamAnswerOptions): Promise<'done' | 'aborted'> {
  let response: Response;
  try {
    response = await apiRequest(path, {
      method: 'POST',
      body,
      headers: { Accept: 'text/event-stream', ...headers },
      signal,
      skipAuthRedirect: false,
    });
  } catch (error) {
    if (signal.aborted) return 'aborted';
    if (isApiError(error)) {
      if (error.code === 'NETWORK_ERROR') throw new StreamFailureError({ kind: 'connection' });
      throw new StreamFailureError({ kind: 'rejected', error });
    }
    throw new StreamFailureError({ kind: 'connection' });
  }
  if (!response.body || !(response.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    throw new StreamFailureError({ kind: 'connection' });
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) !== -1) {
        const event = parseStreamBlock(buffer.slice(0, boundary));
        buffer = buffer.slice(boundary + 2);
        if (!event) continue;
        if (event.event === 'error') {
          throw new StreamFailureError({ kind: failureKindOf(event.data.code) });
        }
        onEvent(event);
        if (event.event === 'done') finished = true;
      }
    }
  } catch (error) {
    if (signal.aborted) return 'aborted';
    if (error instanceof StreamFailureError) throw error;
    throw new StreamFailureError({ kind: 'stream' });
  }
  if (signal.aborted) return 'aborted';
  if (!finished) throw new StreamFailureError({ kind: 'stream' });
  return 'done';
}
