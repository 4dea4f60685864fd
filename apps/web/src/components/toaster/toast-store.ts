// The shared list of toast notifications (SPEC §3, §4, §9): a tiny external store read with
// useSyncExternalStore. The store owns the timers, so a toast closes after its timeout even when
// no <Toaster /> is mounted; the Toaster only pauses and resumes them while the pointer is over one.
import type { LucideIcon } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import type { AvatarProps } from '@/components/ui/avatar.tsx';
import type { ButtonProps } from '@/components/ui/button.tsx';
import type { CloseButtonProps } from '@/components/ui/close-button.tsx';

/** Default time before a toast closes itself (SPEC §9). */
export const DEFAULT_TOAST_TIMEOUT = 5000;

export type ToastColor = 'primary' | 'secondary' | 'accent' | 'neutral' | 'success' | 'warning' | 'danger';

export interface ToastAction extends Omit<ButtonProps, 'children' | 'onClick' | 'ref'> {
  label: string;
  /** Runs before the toast closes; call `event.preventDefault()` to keep the toast open. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

export interface ToastInput {
  /** Default: the creation time in milliseconds as a string; made unique with a suffix ("…-1") if taken. */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  /** A lucide icon, shown on the left in the toast's colour. */
  icon?: LucideIcon;
  /** An avatar on the left (instead of the icon). */
  avatar?: AvatarProps;
  /** Shown by default; `false` hides it, an object customises it (e.g. `{ 'aria-label': … }`). */
  closeButton?: boolean | CloseButtonProps;
  /** Milliseconds before it closes itself. Default 5000; 0 keeps it until closed. */
  timeout?: number;
  /** Buttons under the text; each one closes the toast after its own onClick. */
  actions?: ToastAction[];
  /** Runs once when the toast closes, however it closes. */
  callback?: () => void;
  /** Default 'primary'. 'danger' toasts are announced as alerts. */
  color?: ToastColor;
  /** Runs when the toast's body is clicked (not its buttons). */
  click?: (toast: Toast) => void;
}

export interface Toast extends ToastInput {
  id: string;
  timeout: number;
  color: ToastColor;
  closeButton: boolean | CloseButtonProps;
}

interface TimerState {
  /** Time left when the timer last (re)started. */
  remaining: number;
  /** When the running timer started; null while paused. */
  startedAt: number | null;
  handle: ReturnType<typeof setTimeout> | null;
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, TimerState>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly Toast[] {
  return toasts;
}

function uniqueId(candidate: string): string {
  const taken = (id: string) => toasts.some((t) => t.id === id);
  if (!taken(candidate)) return candidate;
  let suffix = 1;
  while (taken(`${candidate}-${suffix}`)) suffix += 1;
  return `${candidate}-${suffix}`;
}

function startTimer(id: string, timer: TimerState): void {
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => remove(id), timer.remaining);
}

/** Adds a toast to the shared list and returns its id. */
function add(input: ToastInput): string {
  const id = uniqueId(input.id ?? String(Date.now()));
  const timeout =
    input.timeout !== undefined && Number.isFinite(input.timeout) ? Math.max(0, input.timeout) : DEFAULT_TOAST_TIMEOUT;
  const entry: Toast = {
    ...input,
    id,
    timeout,
    color: input.color ?? 'primary',
    closeButton: input.closeButton ?? true,
  };
  toasts = [...toasts, entry];
  if (timeout > 0) {
    const timer: TimerState = { remaining: timeout, startedAt: null, handle: null };
    timers.set(id, timer);
    startTimer(id, timer);
  }
  emit();
  return id;
}

/** Closes a toast: removes it from the list, then runs its callback (once). Unknown ids are ignored. */
function remove(id: string): void {
  const closing = toasts.find((t) => t.id === id);
  if (!closing) return;
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
  closing.callback?.();
}

/** Closes every toast (each callback runs once). */
function clear(): void {
  for (const { id } of toasts) remove(id);
}

/** Stops a toast's countdown, keeping the time left. */
function pause(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.startedAt === null) return;
  if (timer.handle) clearTimeout(timer.handle);
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  timer.startedAt = null;
  timer.handle = null;
}

/** Restarts a paused countdown with the time that was left. */
function resume(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.startedAt !== null) return;
  startTimer(id, timer);
}

/** Milliseconds left before the toast closes itself; null for a toast without timeout or unknown id. */
function getRemaining(id: string): number | null {
  const timer = timers.get(id);
  if (!timer) return null;
  return timer.startedAt === null ? timer.remaining : Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

export const toast = { add, remove, clear, pause, resume, getRemaining, getAll: getSnapshot, subscribe };

/** The current toasts, oldest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
