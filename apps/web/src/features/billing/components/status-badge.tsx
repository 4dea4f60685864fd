import type { AdminSubscription } from '@compliance/shared/billing';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor } from '@/components/ui/badge.tsx';

const colours: Record<AdminSubscription['status'] | 'free' | 'paid' | 'refunded', BadgeColor> = {
  active: 'success',
  granted: 'primary',
  past_due: 'warning',
  incomplete: 'neutral',
  canceled: 'neutral',
  expired: 'neutral',
  revoked: 'neutral',
  free: 'neutral',
  paid: 'success',
  refunded: 'danger',
};

/** A subscription's, grant's or invoice's status, named in the reader's language. */
export function StatusBadge({ status }: { status: keyof typeof colours }) {
  const { t } = useTranslation('billing');
  return (
    <Badge color={colours[status]} variant="soft" size="sm">
      {t(`billing:adminBilling.status.${status}`)}
    </Badge>
  );
}
