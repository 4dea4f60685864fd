import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { useRealtimeEvents } from '@/lib/realtime.ts';
import { countriesQueryKeys } from '../api/query-keys.ts';

/**
 * Refreshes the FATF data when another tab or administrator changes the lists (realtime event
 * `countries.updated`), and says so. After a reconnect the data is refreshed quietly.
 */
export function useCountriesRealtime(): void {
  const { t } = useTranslation('countries');
  const queryClient = useQueryClient();
  useRealtimeEvents(
    ['countries.updated'],
    () => {
      void queryClient.invalidateQueries({ queryKey: countriesQueryKeys.all });
      toast.add({ title: t('countries:changes.updated'), icon: RefreshCw, color: 'primary' });
    },
    () => void queryClient.invalidateQueries({ queryKey: countriesQueryKeys.all }),
  );
}
