import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { SignupForm } from '../components/signup-form.tsx';

export const handle = { title: 'common:pages.signup.title' } satisfies RouteHandle;

/** Registration (public layout, /signup). */
export function Component() {
  const { t } = useTranslation('common');
  return <SignupForm title={t('common:pages.signup.title')} description={t('common:pages.signup.description')} />;
}
