import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { SignupForm } from '../components/signup-form.tsx';

export const handle = { title: 'common:pages.signupOld.title' } satisfies RouteHandle;

/** The classic registration address (/signup/old): the same form, so old links keep working. */
export function Component() {
  const { t } = useTranslation('common');
  return <SignupForm title={t('common:pages.signupOld.title')} description={t('common:pages.signupOld.description')} />;
}
