import type { TFunction } from 'i18next';

/**
 * An assistant's name as the reader sees it: a shipped assistant's in the interface language, one an
 * admin renamed as they wrote it.
 */
export function assistantName(assistant: { name: string; slug: string; customized?: boolean }, t: TFunction): string {
  return assistant.customized
    ? assistant.name
    : t(`chat:assistants.${assistant.slug}.name`, { defaultValue: assistant.name });
}
