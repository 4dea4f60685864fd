import type { ListingSummary } from '@compliance/shared/marketplace';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format.ts';

/** A listing's price, or "Free". */
export function Price({ price }: { price: ListingSummary['price'] }) {
  const { t, i18n } = useTranslation('marketplace');
  return (
    <>{price.amount === 0 ? t('marketplace:price.free') : formatMoney(price.amount, price.currency, i18n.language)}</>
  );
}
