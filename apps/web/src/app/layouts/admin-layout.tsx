import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { AppShell } from '../chrome/app-shell.tsx';
import { adminNavigation, userNavigation } from '../chrome/navigation.ts';

/**
 * "admin" (SPEC §2): the admin area. The guard needs a session (SPEC §5); the server refuses admin
 * APIs to everyone else, and this layout shows a signed-in user who is not an administrator a clear
 * "administrators only" page in their own chrome instead of admin screens that cannot load.
 */
export function Component() {
  const { t } = useTranslation('common');
  // The session guard has loaded the session; when the server could not be reached the role is unknown
  // and the admin screens show their own errors (the server decides).
  const session = useQuery(sessionQueryOptions());
  if (session.data && session.data.user.role !== 'admin') {
    return (
      <AppShell
        layout="user"
        navigation={userNavigation}
        navLabel="common:a11y.mainNavigation"
        homeHref={paths.app.dashboard.getHref()}
      >
        <EmptyState
          data-testid="admin-only"
          titleAs="h1"
          icon={ShieldAlert}
          title={t('common:adminOnly.title')}
          description={t('common:adminOnly.description')}
          action={
            <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ size: 'md' })}>
              {t('common:adminOnly.back')}
            </Link>
          }
        />
      </AppShell>
    );
  }
  return (
    <AppShell
      layout="admin"
      navigation={adminNavigation}
      navLabel="common:a11y.adminNavigation"
      homeHref={paths.admin.root.getHref()}
      badge={t('common:nav.admin.badge')}
    >
      <Outlet />
    </AppShell>
  );
}
