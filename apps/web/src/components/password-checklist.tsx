import { passwordRules } from '@compliance/shared/auth';
import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';

/** The password rules, ticked off live while the user types (sign-up, reset and change password). */
export function PasswordChecklist({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation('auth');
  return (
    <div id={id} className="mt-2 text-xs text-neutral-600">
      <p className="font-medium">{t('auth:passwordRules.title')}</p>
      <ul className="mt-1 space-y-0.5">
        {passwordRules.map((rule) => {
          const met = rule.test(value);
          return (
            <li key={rule.id} className={cn('flex items-center gap-1.5', met && 'text-green-700')}>
              {met ? (
                <Check aria-hidden="true" className="size-3.5" />
              ) : (
                <Circle aria-hidden="true" className="size-3.5" />
              )}
              <span>{t(`auth:passwordRules.${rule.id}`)}</span>
              <span className="sr-only">({met ? t('auth:passwordRules.met') : t('auth:passwordRules.notMet')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
