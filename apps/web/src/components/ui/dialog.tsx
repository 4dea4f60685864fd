import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { CloseButton } from './close-button.tsx';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

type ContentProps = ComponentProps<typeof DialogPrimitive.Content>;

export interface DialogProps {
  /** Controlled open state (with `onOpenChange`); or use `defaultOpen` / a `trigger`. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (usually a Button); focus returns to it on close. */
  trigger?: ReactElement;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Text under the title; the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom right (wrap a cancel button in `<DialogClose asChild>`). */
  footer?: ReactNode;
  /** Max width: sm 24rem, md 32rem (default), lg 42rem, xl 56rem. */
  size?: DialogSize;
  /** Hide the X in the corner (Escape still closes). */
  hideCloseButton?: boolean;
  /** Accessible name of the X button. Default t('ui:close'). */
  closeLabel?: string;
  className?: string;
  onOpenAutoFocus?: ContentProps['onOpenAutoFocus'];
  onCloseAutoFocus?: ContentProps['onCloseAutoFocus'];
  onEscapeKeyDown?: ContentProps['onEscapeKeyDown'];
  onInteractOutside?: ContentProps['onInteractOutside'];
}

const sizeClasses: Record<DialogSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

/** A modal dialog (radix): focus trap, Escape and overlay click close it, focus returns to the trigger. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideCloseButton = false,
  closeLabel,
  className,
  ...contentProps
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-neutral-900/50 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          {...contentProps}
          // Without a description, tell radix so explicitly (it warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl border border-neutral-200 bg-white shadow-xl focus:outline-none',
            sizeClasses[size],
            className,
          )}
        >
          <div className="flex items-start gap-4 px-5 pt-5 pb-3">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="text-lg font-semibold text-neutral-900">{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-neutral-500">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            {!hideCloseButton && (
              <DialogPrimitive.Close asChild>
                <CloseButton className="-mt-1 -mr-2" {...(closeLabel ? { 'aria-label': closeLabel } : {})} />
              </DialogPrimitive.Close>
            )}
          </div>
          {children && (
            <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5 text-sm text-neutral-700">{children}</div>
          )}
          {footer && (
            <div className="flex flex-col-reverse gap-2 rounded-b-xl border-t border-neutral-200 bg-neutral-50 px-5 py-3 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the surrounding Dialog; use `asChild` around a Button. */
export const DialogClose = DialogPrimitive.Close;

export interface DialogForProps<Subject> {
  /** What the dialog is about (an answer, a conversation…); null closes it. */
  subject: Subject | null;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's content for its subject; `close` closes it (once the work is done). */
  children: (subject: Subject, close: () => void) => ReactNode;
}

/** A dialog that is open while it has a subject to work on, its content made for that subject. */
export function DialogFor<Subject>({ subject, onOpenChange, title, description, children }: DialogForProps<Subject>) {
  return (
    <Dialog open={subject !== null} onOpenChange={onOpenChange} title={title} description={description}>
      {subject !== null && children(subject, () => onOpenChange(false))}
    </Dialog>
  );
}
