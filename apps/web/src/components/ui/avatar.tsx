import { User } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** Image URL; when missing or when it fails to load, the initials of `alt` are shown. */
  src?: string | null;
  /** The person's (or thing's) name: the accessible name and the source of the initials. */
  alt?: string;
  /** Default 'sm' (SPEC §9). */
  size?: AvatarSize;
}

const sizeClasses: Record<AvatarSize, string> = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-12 text-base',
  xl: 'size-16 text-xl',
};

const iconClasses: Record<AvatarSize, string> = {
  xs: 'size-3.5',
  sm: 'size-4',
  md: 'size-5',
  lg: 'size-6',
  xl: 'size-8',
};

/** The first letters of up to two words, upper-cased: "Anna Maria Keller" → "AM", "anna" → "A", "" → "". */
export function getInitials(name: string | undefined | null): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A round picture of a person, falling back to their initials, then to a generic user icon. */
export function Avatar({ src, alt = '', size = 'sm', className, ...props }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initials = getInitials(alt);
  const showImage = Boolean(src) && failedSrc !== src;
  const label = alt.trim();

  const fallback = initials ? (
    <span aria-hidden="true" className="font-semibold tracking-wide">
      {initials}
    </span>
  ) : (
    <User aria-hidden="true" className={iconClasses[size]} />
  );

  return (
    <span
      data-size={size}
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 text-primary-700 ring-1 ring-white select-none',
        sizeClasses[size],
        className,
      )}
      {...(showImage ? {} : label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const })}
      {...props}
    >
      {fallback}
      {showImage && src && (
        <img
          src={src}
          alt={label}
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 size-full object-cover text-transparent"
        />
      )}
    </span>
  );
}
