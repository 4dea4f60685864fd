import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header.tsx';

/** The centred card every sign-in screen sits in. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
        <PageHeader className="pb-6" title={title} description={description} />
        {children}
      </div>
      {footer ? <div className="mt-6 flex flex-col items-center gap-2 text-sm text-neutral-600">{footer}</div> : null}
    </div>
  );
}
