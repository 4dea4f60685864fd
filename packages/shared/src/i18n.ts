import { z } from 'zod';

export const locales = ['en', 'de', 'fr', 'it'] as const;
export const defaultLocale = 'en';
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;
