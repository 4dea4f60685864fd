import { OAUTH_ERROR_PARAM, OAUTH_RESULT_PARAM } from '@compliance/shared/integrations';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIntegrationErrorText } from '@/components/integrations/connector-kinds.ts';
import { toast } from '@/components/toaster/toast-store.ts';

/**
 * The outcome of a sign-in with a vendor, which the server's OAuth callback puts in the integrations
 * screen's address (`?oauth=connected` or `?oauthError=<code>`): told once as a toast (an error stays
 * until closed), then taken out of the address so a reload does not tell it again.
 */
export function useOAuthResult(): void {
  const { t } = useTranslation('integrations');
  const errorText = useIntegrationErrorText();
  const [params, setParams] = useSearchParams();
  const result = params.get(OAUTH_RESULT_PARAM);
  const error = params.get(OAUTH_ERROR_PARAM);
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!result && !error) return;
    const key = `${result}|${error}`;
    if (told.current !== key) {
      told.current = key;
      if (error) {
        toast.add({
          title: t('integrations:oauth.failed'),
          description: errorText(error),
          icon: CircleAlert,
          color: 'danger',
          timeout: 0,
        });
      } else if (result === 'connected') {
        toast.add({ title: t('integrations:oauth.connected'), icon: CircleCheck, color: 'success' });
      }
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of [OAUTH_RESULT_PARAM, OAUTH_ERROR_PARAM, 'connection']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [result, error, setParams, t, errorText]);
}
