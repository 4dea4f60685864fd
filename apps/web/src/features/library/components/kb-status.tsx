import type { FileStatus } from '@compliance/shared/documents';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor } from '@/components/ui/badge.tsx';

const colors: Record<FileStatus, BadgeColor> = {
  pending: 'neutral',
  synching: 'primary',
  ready: 'success',
  failed: 'danger',
};

export function KbStatusBadge({ status }: { status: FileStatus }) {
  const { t } = useTranslation('knowledge');
  return (
    <Badge color={colors[status]} variant="soft" data-status={status}>
      {(status === 'pending' || status === 'synching') && (
        <LoaderCircle aria-hidden="true" className="mr-1 size-3 animate-spin" />
      )}
      {t(`knowledge:status.${status}`)}
    </Badge>
  );
}
