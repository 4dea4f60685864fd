import type { Citation, StreamDone, StreamEvent, StreamMeta } from '@compliance/shared/chat';

/**
 * The answer stream's events (DESIGN §5), built here only: each helper's argument is the shared
 * type of its `data`, so a wrong shape fails the type check instead of the client's parser.
 */
export const streamEvents = {
  meta: (data: StreamMeta) => ({ event: 'meta', data }) satisfies StreamEvent,
  delta: (text: string) => ({ event: 'delta', data: { text } }) satisfies StreamEvent,
  citation: (data: Citation) => ({ event: 'citation', data }) satisfies StreamEvent,
  done: (data: StreamDone) => ({ event: 'done', data }) satisfies StreamEvent,
  error: (code: string) => ({ event: 'error', data: { code } }) satisfies StreamEvent,
};

/** Where the events of one answer go (the HTTP response, as text/event-stream). */
export type StreamSink = (event: StreamEvent) => void;

/** One event as a `text/event-stream` block. */
export function formatStreamEvent(event: StreamEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
