import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { LoginForm } from '../components/login-form.tsx';

export const handle = { title: 'common:pages.loginOld.title' } satisfies RouteHandle;

/** The classic sign-in address (/login/old): the same form, so old links keep working. */
export function Component() {
  const { t } = useTranslation('common');
  return <LoginForm title={t('common:pages.loginOld.title')} description={t('common:pages.loginOld.description')} />;
}
