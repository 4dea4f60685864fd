import type { Connection } from '@compliance/shared/integrations';
import { CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIntegrationErrorText } from '@/components/integrations/connector-kinds.ts';
import { Badge } from '@/components/ui/badge.tsx';

const look = {
  connected: { color: 'success', icon: CircleCheck },
  failing: { color: 'danger', icon: CircleX },
  untested: { color: 'neutral', icon: CircleDashed },
} as const;

/** Connected / Not working / Not tested yet. */
export function ConnectionStatusBadge({ status }: { status: Connection['status'] }) {
  const { t } = useTranslation('integrations');
  return (
    <Badge color={look[status].color} icon={look[status].icon} data-testid="connection-status">
      {t(`integrations:status.${status}`)}
    </Badge>
  );
}

/** Why a connection does not work: the error in the interface's words, the remote's own in smaller text. */
export function ConnectionError({ error }: { error: NonNullable<Connection['lastError']> }) {
  const errorText = useIntegrationErrorText();
  return (
    <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-medium">{errorText(error.code)}</p>
      {error.detail && <p className="mt-0.5 text-xs break-words text-red-700">{error.detail}</p>}
    </div>
  );
}
