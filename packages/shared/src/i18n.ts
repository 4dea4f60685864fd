import { z } from 'zod';
import { locales } from './locales.ts';

export { defaultLocale, isLocale, locales } from './locales.ts';
export const localeSchema = z.enum(locales);
export type { Locale } from './locales.ts';
