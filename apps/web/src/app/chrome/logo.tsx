import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';

/** The brand mark: a shield with a tick in the primary colour. Decorative. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-600 text-white shadow-sm',
        className,
      )}
    >
      <ShieldCheck className="size-5" strokeWidth={2.25} />
    </span>
  );
}

function Wordmark({ hideText, compactOnPhones }: { hideText?: boolean; compactOnPhones?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <>
      <BrandMark />
      <span
        className={cn(
          'truncate text-[0.9375rem] font-semibold tracking-tight text-neutral-900 sm:text-base',
          hideText && 'sr-only',
          compactOnPhones && 'max-sm:sr-only',
        )}
      >
        {t('common:appName')}
      </span>
    </>
  );
}

const logoClasses = 'inline-flex min-w-0 items-center gap-2.5 rounded-lg';

export interface LogoProps {
  /** Where the logo leads. Default '/'. */
  to?: string;
  /** Show only the mark (the name stays available to screen readers). */
  hideText?: boolean;
  /** Show only the mark below the `sm` breakpoint. */
  compactOnPhones?: boolean;
  className?: string;
}

/** The logo as a router link (inside the router). */
export function Logo({ to = '/', hideText, compactOnPhones, className }: LogoProps) {
  return (
    <Link to={to} className={cn(logoClasses, className)}>
      <Wordmark hideText={hideText} compactOnPhones={compactOnPhones} />
    </Link>
  );
}

/** The logo as a plain link, for screens rendered outside the router (the fatal error page). */
export function LogoAnchor({ href = '/', hideText, className }: Omit<LogoProps, 'to'> & { href?: string }) {
  return (
    <a href={href} className={cn(logoClasses, className)}>
      <Wordmark hideText={hideText} />
    </a>
  );
}
