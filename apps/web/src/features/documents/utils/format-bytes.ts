import { formatNumber } from '@/lib/format.ts';

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB", in the interface language's number format. */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
