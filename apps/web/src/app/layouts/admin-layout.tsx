import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AppShell } from '../chrome/app-shell.tsx';
import { adminNavigation } from '../chrome/navigation.ts';

/** "admin" (SPEC §2): the admin area. Needs a token (SPEC §5); the server checks the admin role. */
export function Component() {
  const { t } = useTranslation('common');
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
