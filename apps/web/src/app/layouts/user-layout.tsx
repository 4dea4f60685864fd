import { Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AppShell } from '../chrome/app-shell.tsx';
import { userNavigation } from '../chrome/navigation.ts';

/** "user" (SPEC §2): dashboard, documents, profile, settings, subscription success. Needs a session. */
export function Component() {
  return (
    <AppShell
      layout="user"
      navigation={userNavigation}
      navLabel="common:a11y.mainNavigation"
      homeHref={paths.app.dashboard.getHref()}
    >
      <Outlet />
    </AppShell>
  );
}
