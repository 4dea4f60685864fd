import type { Currency } from '@compliance/shared/billing';
import { formatNumber } from '@/lib/format.ts';

/** An amount in minor units (cents, Rappen) as the interface language writes money. */
export function formatMoney(minorUnits: number, currency: Currency, language: string): string {
  return formatNumber(minorUnits / 100, language, {
    style: 'currency',
    currency,
    minimumFractionDigits: minorUnits % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
