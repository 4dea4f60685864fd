import type { LucideIcon } from 'lucide-react';
import { Check } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** Root: `<DropdownMenu><DropdownMenuTrigger asChild><Button …/></DropdownMenuTrigger><DropdownMenuContent>…` */
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

/** The menu panel, portalled; aligned to the trigger's end by default. */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-44 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 text-sm shadow-lg',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

const itemClasses =
  'relative flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-neutral-700 outline-none select-none ' +
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900';

export interface DropdownMenuItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  /** A decorative lucide icon before the label. */
  icon?: LucideIcon;
  /** 'danger' for destructive items (delete). Default 'neutral'. */
  color?: 'neutral' | 'danger';
}

/** A menu item; handle it with `onSelect`. */
export function DropdownMenuItem({
  icon: Icon,
  color = 'neutral',
  className,
  children,
  ...props
}: DropdownMenuItemProps) {
  return (
    <MenuPrimitive.Item
      className={cn(
        itemClasses,
        color === 'danger' && 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
        className,
      )}
      {...props}
    >
      {Icon && <Icon aria-hidden="true" className="size-4 shrink-0 opacity-80" />}
      {children}
    </MenuPrimitive.Item>
  );
}

/** A checkable menu item (`checked`, `onCheckedChange`). */
export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem className={cn(itemClasses, 'pl-8', className)} {...props}>
      <span className="absolute left-2 inline-flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="size-4" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn('px-2 py-1.5 text-xs font-semibold tracking-wide text-neutral-500 uppercase', className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-neutral-200', className)} {...props} />;
}
