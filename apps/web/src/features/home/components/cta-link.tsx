import type { ReactNode } from 'react';
import { Link } from 'react-router';

type CtaVariant = 'primary' | 'secondary' | 'inverse' | 'inverse-outline';

const base =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

const variants: Record<CtaVariant, string> = {
  primary: 'bg-primary-600 text-white shadow-sm hover:bg-primary-700 focus-visible:outline-primary-600',
  secondary:
    'bg-white text-primary-700 shadow-sm ring-1 ring-primary-200 ring-inset hover:bg-primary-50 focus-visible:outline-primary-600',
  inverse: 'bg-white text-primary-800 shadow-sm hover:bg-primary-50 focus-visible:outline-white',
  'inverse-outline': 'text-white ring-1 ring-white/60 ring-inset hover:bg-white/10 focus-visible:outline-white',
};

/** A call-to-action link styled as a button (plain Tailwind, independent of the shared Button). */
export function CtaLink({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: CtaVariant;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`${base} ${variants[variant]}`}>
      {children}
    </Link>
  );
}

/** Inline text link used inside running text on the landing page. */
export const textLinkClass =
  'font-semibold text-primary-700 underline decoration-primary-300 underline-offset-4 hover:text-primary-800 hover:decoration-primary-600';
