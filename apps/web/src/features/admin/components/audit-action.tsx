import { useTranslation } from 'react-i18next';

/** An audit action in the admin's language (its code when the product has no label for it yet). */
export function AuditActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin-users');
  return <>{t(`admin-users:audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action })}</>;
}
