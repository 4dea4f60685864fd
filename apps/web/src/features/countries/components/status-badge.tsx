import type { BlackListAction, CountryStatus } from '@compliance/shared/countries';
import { Ban, CircleCheck, CircleHelp, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor, type BadgeSize } from '@/components/ui/badge.tsx';

const look: Record<CountryStatus, { color: BadgeColor; icon: typeof Ban }> = {
  black: { color: 'danger', icon: Ban },
  grey: { color: 'warning', icon: Eye },
  not_listed: { color: 'success', icon: CircleCheck },
  no_listing: { color: 'neutral', icon: CircleHelp },
};

/** A jurisdiction's FATF status, with colour, icon and text (never colour alone). */
export function StatusBadge({
  status,
  action,
  size = 'sm',
  className,
}: {
  status: CountryStatus;
  action?: BlackListAction | null;
  size?: BadgeSize;
  className?: string;
}) {
  const { t } = useTranslation('countries');
  const { color, icon } = look[status];
  return (
    <Badge color={color} icon={icon} size={size} data-status={status} className={className}>
      {t(`countries:status.${status}`)}
      {status === 'black' && action ? ` · ${t(`countries:action.${action}`)}` : null}
    </Badge>
  );
}
