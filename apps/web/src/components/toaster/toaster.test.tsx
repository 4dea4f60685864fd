import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Bell } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/components/test-utils.tsx';
import { toast, type ToastInput } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function show(input: ToastInput): string {
  let id = '';
  act(() => {
    id = toast.add(input);
  });
  return id;
}

afterEach(() => {
  act(() => toast.clear());
});

// Timing is checked with fake timers and fireEvent (user-event's async waits need real timers).
describe('<Toaster /> timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T09:00:00.000Z'));
    renderWithI18n(<Toaster />);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders a labelled notification region at the bottom right, full width then 24rem', () => {
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toBe(screen.getByTestId('toaster'));
    expect(region).toHaveClass('fixed', 'bottom-0', 'right-0', 'w-full', 'sm:w-96');
  });

  it('shows a toast with its default id, title, description and close button, newest at the bottom', () => {
    const first = show({ title: 'Document uploaded', description: 'report.pdf is ready.' });
    const second = show({ title: 'Second' });

    expect(first).toBe(String(Date.now()));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((el) => el.getAttribute('data-toast-id'))).toEqual([first, second]);

    const status = screen.getAllByRole('status')[0]!;
    expect(status).toHaveTextContent('Document uploaded');
    expect(status).toHaveTextContent('report.pdf is ready.');
    expect(within(status).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(status).getByTestId('toast-progress')).toBeInTheDocument();
  });

  it('announces danger toasts as alerts', () => {
    show({ title: 'Connection Error', color: 'danger' });
    expect(screen.getByRole('alert')).toHaveTextContent('Connection Error');
  });

  it('closes itself after 5000 ms by default and runs the callback once', () => {
    const callback = vi.fn();
    show({ title: 'Saved', callback });

    advance(4999);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    advance(10_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('honours a custom timeout', () => {
    show({ title: 'Quick', timeout: 1500 });
    advance(1499);
    expect(screen.getByText('Quick')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
  });

  it('keeps a toast with timeout 0 until it is closed, without a progress bar', () => {
    const callback = vi.fn();
    show({ title: 'Sticky', timeout: 0, callback });

    advance(120_000);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    expect(screen.queryByTestId('toast-progress')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('pauses while the pointer is over it and resumes with the remaining time when it leaves', () => {
    show({ title: 'Hover me' });
    const element = screen.getByTestId('toast');

    advance(2000);
    fireEvent.pointerEnter(element);
    advance(30_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();

    fireEvent.pointerLeave(element);
    advance(2999);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pauses only the toast under the pointer', () => {
    show({ title: 'Hovered' });
    show({ title: 'Other' });
    fireEvent.pointerEnter(screen.getAllByTestId('toast')[0]!);
    advance(5000);
    expect(screen.getByText('Hovered')).toBeInTheDocument();
    expect(screen.queryByText('Other')).not.toBeInTheDocument();
  });

  it('closes with the close button and runs the callback exactly once', () => {
    const callback = vi.fn();
    show({ title: 'Closable', callback });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    advance(10_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs an action, then closes the toast and runs the callback once', () => {
    const order: string[] = [];
    show({
      title: 'Conversation archived',
      actions: [{ label: 'Undo', onClick: () => order.push('undo') }],
      callback: () => order.push('callback'),
    });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.queryByText('Conversation archived')).not.toBeInTheDocument();
    advance(10_000);
    expect(order).toEqual(['undo', 'callback']);
  });

  it('keeps the toast open when an action prevents the default', () => {
    show({ title: 'Keep me', actions: [{ label: 'Details', onClick: (event) => event.preventDefault() }] });
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText('Keep me')).toBeInTheDocument();
  });
});

describe('<Toaster /> interaction', () => {
  function setup() {
    const user = userEvent.setup();
    renderWithI18n(<Toaster />);
    return { user };
  }

  it('pauses on hover with a real pointer', async () => {
    const { user } = setup();
    const id = show({ title: 'Hover me', timeout: 60_000 });
    await user.hover(screen.getByTestId('toast'));
    const remaining = toast.getRemaining(id);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(toast.getRemaining(id)).toBe(remaining);
    await user.unhover(screen.getByTestId('toast'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(toast.getRemaining(id)).toBeLessThan(remaining!);
  });

  it('pauses while keyboard focus is inside it', async () => {
    const { user } = setup();
    const id = show({ title: 'Focus me', timeout: 60_000 });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    const remaining = toast.getRemaining(id);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(toast.getRemaining(id)).toBe(remaining);
  });

  it('closes with the close button', async () => {
    const { user } = setup();
    const callback = vi.fn();
    show({ title: 'Closable', callback });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('hides the close button when closeButton is false and accepts a custom name', () => {
    setup();
    show({ title: 'No close', closeButton: false });
    show({ title: 'Custom close', closeButton: { 'aria-label': 'Dismiss update' } });
    const [withoutClose, withCustom] = screen.getAllByTestId('toast');
    expect(within(withoutClose!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(withCustom!).getByRole('button', { name: 'Dismiss update' })).toBeInTheDocument();
  });

  it('runs click when the body is clicked, but not for its buttons', async () => {
    const { user } = setup();
    const click = vi.fn();
    const id = show({ title: 'Open the chat', click, actions: [{ label: 'Later' }] });

    await user.click(screen.getByText('Open the chat'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledWith(expect.objectContaining({ id, title: 'Open the chat' }));
    expect(screen.getByText('Open the chat')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('makes the clickable body reachable by keyboard', async () => {
    const { user } = setup();
    const click = vi.fn();
    show({ title: 'Open the chat', click });

    await user.tab();
    expect(screen.getByRole('button', { name: 'Open the chat' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('shows an icon or an avatar with initials', () => {
    setup();
    show({ title: 'Reminder', icon: Bell });
    show({ title: 'New message', avatar: { alt: 'Anna Keller' } });
    const [withIcon, withAvatar] = screen.getAllByTestId('toast');
    expect(withIcon!.querySelector('svg.lucide-bell')).toBeInTheDocument();
    expect(within(withAvatar!).getByRole('img', { name: 'Anna Keller' })).toHaveTextContent('AK');
  });
});
