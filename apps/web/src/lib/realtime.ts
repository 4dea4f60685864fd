import type * as RealtimeContractsModule from '@compliance/shared/realtime';
import type { RealtimeEvent, RealtimeEventType } from '@compliance/shared/realtime';
import { useEffect, useRef } from 'react';
import { getAuthToken, handleUnauthorized, subscribeToAuthToken } from './auth-token.ts';

type RealtimeContracts = typeof RealtimeContractsModule;

/**
 * The realtime client (DESIGN §5): one WebSocket per tab at /api/realtime, authenticated with the
 * session token as its first message, reconnecting with back-off. Screens subscribe by event type;
 * the tab's connection id goes with API calls (header x-realtime-connection) so the server does not
 * echo a tab's own changes back to it.
 */

export type { RealtimeEvent, RealtimeEventType } from '@compliance/shared/realtime';

type Handler = (event: RealtimeEvent) => void;

export const REALTIME_CONNECTION_HEADER = 'x-realtime-connection';
const PING_INTERVAL_MS = 25_000;
/** The close code the server uses for a session that is no longer valid (plugins/realtime.ts). */
const REALTIME_UNAUTHENTICATED = 4001;
const MAX_BACKOFF_MS = 30_000;

const handlers = new Map<string, Set<Handler>>();
const reconnectListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let connectionId: string | null = null;
let attempts = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let started = false;
// The event schemas need zod, which the first page does without: loaded with the first socket.
let contracts: Promise<RealtimeContracts> | null = null;

/** The tab's connection id once the socket is ready (null before). */
export function getRealtimeConnectionId(): string | null {
  return connectionId;
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/realtime`;
}

function dispatch(event: RealtimeEvent): void {
  for (const handler of handlers.get(event.type) ?? []) handler(event);
  for (const handler of handlers.get('*') ?? []) handler(event);
}

function scheduleReconnect(): void {
  clearTimeout(reconnectTimer);
  if (!getAuthToken() || handlerCount() === 0) return;
  // 1 s, 2 s, 4 s … up to 30 s, with jitter so many tabs do not reconnect in step.
  const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempts) * (0.75 + Math.random() * 0.5);
  attempts += 1;
  reconnectTimer = setTimeout(open, delay);
}

function open(): void {
  const token = getAuthToken();
  if (!token || socket || typeof WebSocket === 'undefined') return;
  const current = new WebSocket(socketUrl());
  socket = current;
  current.addEventListener('open', () => current.send(JSON.stringify({ type: 'auth', token })));
  contracts ??= import('@compliance/shared/realtime');
  const loadingContracts = contracts;
  current.addEventListener('message', async (message) => {
    const { parseRealtimeEvent, realtimeControlSchema } = await loadingContracts;
    let received: unknown;
    try {
      received = JSON.parse(String(message.data));
    } catch {
      return;
    }
    const control = realtimeControlSchema.safeParse(received);
    if (control.success) {
      if (control.data.type === 'ready') {
        const wasReconnect = attempts > 0 || connectionId !== null;
        connectionId = control.data.data.connectionId;
        attempts = 0;
        clearInterval(pingTimer);
        pingTimer = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) current.send(JSON.stringify({ type: 'ping' }));
        }, PING_INTERVAL_MS);
        // Events may have been missed while disconnected: let screens refresh.
        if (wasReconnect) for (const listener of reconnectListeners) listener();
      }
      return;
    }
    // Only known, well-formed events reach the screens (packages/shared/src/realtime.ts).
    const event = parseRealtimeEvent(received);
    if (event) dispatch(event);
  });
  current.addEventListener('close', (event) => {
    if (socket !== current) return;
    socket = null;
    connectionId = null;
    clearInterval(pingTimer);
    // The server ended the session (signed out elsewhere, account disabled or deleted): leave at once.
    if (event.code === REALTIME_UNAUTHENTICATED) {
      handleUnauthorized();
      return;
    }
    scheduleReconnect();
  });
}

function close(): void {
  clearTimeout(reconnectTimer);
  clearInterval(pingTimer);
  const current = socket;
  socket = null;
  connectionId = null;
  current?.close(1000);
}

function handlerCount(): number {
  let count = 0;
  for (const set of handlers.values()) count += set.size;
  return count;
}

function ensureStarted(): void {
  if (!started) {
    started = true;
    // Sign-in opens the socket, sign-out closes it.
    subscribeToAuthToken(() => {
      close();
      attempts = 0;
      if (getAuthToken() && handlerCount() > 0) open();
    });
  }
  open();
}

/** Calls `handler` for every event of `type` ('*' for all); returns the unsubscribe function. */
export function subscribeRealtime(type: RealtimeEventType | '*', handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  ensureStarted();
  return () => {
    set.delete(handler);
  };
}

/** Called after a reconnect (events may have been missed). */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Subscribes a component to realtime events of the given types while it is mounted. */
export function useRealtimeEvents(
  types: readonly RealtimeEventType[],
  handler: Handler,
  onReconnect?: () => void,
): void {
  const handlerRef = useRef(handler);
  const reconnectRef = useRef(onReconnect);
  useEffect(() => {
    handlerRef.current = handler;
    reconnectRef.current = onReconnect;
  });
  const key = types.join('|');
  useEffect(() => {
    const unsubscribers = (key.split('|') as RealtimeEventType[]).map((type) =>
      subscribeRealtime(type, (event) => handlerRef.current(event)),
    );
    const offReconnect = onRealtimeReconnect(() => reconnectRef.current?.());
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      offReconnect();
    };
  }, [key]);
}
