import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { LoginForm } from '../components/login-form.tsx';

export const handle = { title: 'common:pages.login.title' } satisfies RouteHandle;

/** Sign-in (public layout, /login). */
export function Component() {
  const { t } = useTranslation('common');
  return <LoginForm title={t('common:pages.login.title')} description={t('common:pages.login.description')} />;
}
