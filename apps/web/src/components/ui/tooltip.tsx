import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** Optional: wrap the app once so tooltips share their open delay. Each Tooltip works without it. */
export const TooltipProvider = TooltipPrimitive.Provider;

export interface TooltipProps {
  /** The tooltip text. Supplementary only: the trigger must have its own accessible name. */
  content: ReactNode;
  /** One focusable element (e.g. a Button); it receives the trigger props. */
  children: ReactElement;
  /** Default 'top'. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Default 'center'. */
  align?: 'start' | 'center' | 'end';
  /** Milliseconds before opening. Default 300. */
  delayDuration?: number;
  className?: string;
}

/** A small label on hover and keyboard focus (radix Tooltip). */
export function Tooltip({
  content,
  children,
  side = 'top',
  align = 'center',
  delayDuration = 300,
  className,
}: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            align={align}
            sideOffset={6}
            className={cn(
              'z-50 max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md',
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-neutral-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
