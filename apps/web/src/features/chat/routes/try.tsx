import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.try.title' } satisfies RouteHandle;

/** The public trial of the chat, up to a daily query cap (public layout, /try). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
      <PageHeader title={t('common:pages.try.title')} description={t('common:pages.try.description')} />
      <EmptyState
        icon={Sparkles}
        title={t('common:pages.try.emptyTitle')}
        description={t('common:pages.try.emptyDescription')}
        action={
          <Link to={paths.auth.signup.getHref()} className={buttonClasses({ size: 'md' })}>
            {t('common:header.createAccount')}
          </Link>
        }
      />
    </div>
  );
}
