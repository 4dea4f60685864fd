import { useEffect, useRef, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { cn } from '@/lib/cn.ts';
import { toast as toastStore, useToasts, type Toast, type ToastColor } from './toast-store.ts';

const iconColor: Record<ToastColor, string> = {
  primary: 'text-primary-600',
  secondary: 'text-secondary-600',
  accent: 'text-accent-500',
  neutral: 'text-neutral-500',
  success: 'text-green-600',
  warning: 'text-amber-500',
  danger: 'text-red-600',
};

const barColor: Record<ToastColor, string> = {
  primary: 'bg-primary-500',
  secondary: 'bg-secondary-500',
  accent: 'bg-accent-400',
  neutral: 'bg-neutral-400',
  success: 'bg-green-500',
  warning: 'bg-amber-400',
  danger: 'bg-red-500',
};

/** Keyboard focus pauses a toast too (a mouse click on a button inside it does not). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Buttons inside a toast carry this attribute so their clicks are not body clicks. */
const CONTROL_ATTRIBUTE = 'data-toast-control';

/**
 * The notification area (SPEC §2, §9): fixed at the bottom right, full width on small screens and
 * 24rem from `sm` up, newest at the bottom. Mount it once per page.
 */
export function Toaster({ className }: { className?: string }) {
  const { t } = useTranslation('ui');
  const toasts = useToasts();
  return (
    <div
      role="region"
      aria-label={t('ui:notifications')}
      aria-live="polite"
      aria-relevant="additions"
      data-testid="toaster"
      className={cn(
        'pointer-events-none fixed right-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col justify-end gap-3 overflow-y-auto px-4 py-6 sm:w-96 sm:px-6',
        className,
      )}
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </div>
  );
}

function ToastItem({ toast: item }: { toast: Toast }) {
  const { id, title, description, icon: Icon, avatar, closeButton, timeout, actions, color, click } = item;
  const barRef = useRef<HTMLDivElement>(null);
  const animationRef = useRef<Animation | null>(null);
  const pauseReasons = useRef({ pointer: false, focus: false });

  // The progress bar mirrors the store's countdown: it starts from the time left and pauses with it.
  useEffect(() => {
    const bar = barRef.current;
    if (!bar || timeout <= 0 || typeof bar.animate !== 'function') return;
    const animation = bar.animate([{ transform: 'scaleX(1)' }, { transform: 'scaleX(0)' }], {
      duration: timeout,
      fill: 'forwards',
    });
    animation.currentTime = timeout - (toastStore.getRemaining(id) ?? timeout);
    if (pauseReasons.current.pointer || pauseReasons.current.focus) animation.pause();
    animationRef.current = animation;
    return () => {
      animation.cancel();
      animationRef.current = null;
    };
  }, [id, timeout]);

  // Never leave a countdown paused behind an unmounted toast.
  useEffect(() => () => toastStore.resume(id), [id]);

  function setPaused(reason: 'pointer' | 'focus', value: boolean) {
    const reasons = pauseReasons.current;
    const wasPaused = reasons.pointer || reasons.focus;
    reasons[reason] = value;
    const isPaused = reasons.pointer || reasons.focus;
    if (wasPaused === isPaused) return;
    if (isPaused) {
      toastStore.pause(id);
      animationRef.current?.pause();
    } else {
      toastStore.resume(id);
      animationRef.current?.play();
    }
  }

  function close() {
    toastStore.remove(id);
  }

  function handleBodyClick(event: MouseEvent<HTMLDivElement>) {
    if (!click) return;
    if (event.target instanceof Element && event.target.closest(`[${CONTROL_ATTRIBUTE}]`)) return;
    click(item);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setPaused('focus', false);
  }

  const titleId = `toast-title-${id}`;
  const closeButtonProps = typeof closeButton === 'object' ? closeButton : {};
  const Body = click ? 'button' : 'div';

  return (
    // The pointer handlers only pause the countdown; the keyboard path for `click` is the body button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      role={color === 'danger' ? 'alert' : 'status'}
      aria-atomic="true"
      aria-labelledby={title ? titleId : undefined}
      data-testid="toast"
      data-toast-id={id}
      data-color={color}
      onPointerEnter={() => setPaused('pointer', true)}
      onPointerLeave={() => setPaused('pointer', false)}
      onFocus={(event) => {
        if (isKeyboardFocus(event.target)) setPaused('focus', true);
      }}
      onBlur={handleBlur}
      onClick={handleBodyClick}
      className={cn(
        'pointer-events-auto relative w-full overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-lg ring-1 ring-neutral-900/5',
        'transition duration-200 ease-out starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none',
        click && 'cursor-pointer',
      )}
    >
      <div className="flex items-start gap-3 p-4">
        {avatar ? (
          <Avatar {...avatar} className={cn('mt-0.5', avatar.className)} />
        ) : (
          Icon && <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconColor[color])} />
        )}
        <div className="min-w-0 flex-1">
          {(title || description) && (
            <Body
              {...(click ? { type: 'button' as const } : {})}
              className={cn('block w-full text-left', click && 'cursor-pointer rounded-sm')}
            >
              {title && (
                <span id={titleId} className="block text-sm font-semibold text-neutral-900">
                  {title}
                </span>
              )}
              {description && (
                <span className={cn('block text-sm text-neutral-600', title && 'mt-1')}>{description}</span>
              )}
            </Body>
          )}
          {actions && actions.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-2">
              {actions.map(({ label, onClick, ...buttonProps }, index) => (
                <Button
                  key={`${index}-${label}`}
                  size="xs"
                  variant="outline"
                  color="neutral"
                  {...buttonProps}
                  {...{ [CONTROL_ATTRIBUTE]: '' }}
                  onClick={(event) => {
                    onClick?.(event);
                    if (!event.defaultPrevented) close();
                  }}
                >
                  {label}
                </Button>
              ))}
            </div>
          )}
        </div>
        {closeButton !== false && (
          <CloseButton
            size="xs"
            className="-mt-1 -mr-1"
            {...closeButtonProps}
            {...{ [CONTROL_ATTRIBUTE]: '' }}
            onClick={(event) => {
              closeButtonProps.onClick?.(event);
              if (!event.defaultPrevented) close();
            }}
          />
        )}
      </div>
      {timeout > 0 && (
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-neutral-100 motion-reduce:hidden">
          <div ref={barRef} data-testid="toast-progress" className={cn('h-full origin-left', barColor[color])} />
        </div>
      )}
    </div>
  );
}
