import { Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AppShell } from '../chrome/app-shell.tsx';
import { userNavigation } from '../chrome/navigation.ts';

/** "authenticated" (SPEC §2): prompt library and marketplace. Same chrome as "user"; needs a session. */
export function Component() {
  return (
    <AppShell
      layout="authenticated"
      navigation={userNavigation}
      navLabel="common:a11y.mainNavigation"
      homeHref={paths.app.dashboard.getHref()}
    >
      <Outlet />
    </AppShell>
  );
}
