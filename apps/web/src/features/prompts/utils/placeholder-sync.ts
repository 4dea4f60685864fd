import { detectPlaceholders, isPlaceholderName, type Placeholder } from '@compliance/shared/prompts';

/** A placeholder as the editor adds it when its `{{name}}` first appears in the text. */
export function newPlaceholder(name: string): Placeholder {
  return { name, description: '', type: 'text', required: true, defaultValue: '', options: [] };
}

/** Still exactly as the editor added it: nothing the user wrote would be lost by removing it. */
export function isUntouched(placeholder: Placeholder): boolean {
  const fresh = newPlaceholder(placeholder.name);
  return (
    placeholder.description.trim() === '' &&
    placeholder.type === fresh.type &&
    placeholder.required === fresh.required &&
    placeholder.defaultValue === '' &&
    placeholder.options.length === 0
  );
}

export interface PlaceholderReport {
  /** Valid names written in the text, in order. */
  used: string[];
  /** `{{…}}` in the text whose content is not a valid placeholder name. */
  invalidTokens: string[];
  /** Valid names written in the text that no placeholder defines. */
  undefinedNames: string[];
  /** Defined placeholders the text does not use. */
  unusedNames: string[];
}

/** What the editor flags about the text and the defined placeholders. */
export function placeholderReport(instructions: string, placeholders: Pick<Placeholder, 'name'>[]): PlaceholderReport {
  const tokens = detectPlaceholders(instructions);
  const used = tokens.filter(isPlaceholderName);
  const defined = new Set(placeholders.map((placeholder) => placeholder.name));
  return {
    used,
    invalidTokens: tokens.filter((token) => !isPlaceholderName(token)),
    undefinedNames: used.filter((name) => !defined.has(name)),
    unusedNames: placeholders
      .map((placeholder) => placeholder.name)
      .filter((name) => name !== '' && !used.includes(name)),
  };
}

/**
 * How the placeholder list follows the text as it is typed: every new valid `{{name}}` gets a
 * placeholder, and one the editor added itself goes again when its token disappears before the
 * user touched it (typing `{{c}}`, `{{cl}}`… `{{client}}` leaves only `client`). Placeholders the
 * user worked on stay, flagged as unused.
 */
export function syncPlaceholders(
  instructions: string,
  placeholders: Placeholder[],
  autoAdded: ReadonlySet<string>,
): { remove: number[]; add: string[] } {
  const { used } = placeholderReport(instructions, placeholders);
  const remove = placeholders.flatMap((placeholder, index) =>
    autoAdded.has(placeholder.name) && !used.includes(placeholder.name) && isUntouched(placeholder) ? [index] : [],
  );
  const kept = new Set(placeholders.filter((_, index) => !remove.includes(index)).map((item) => item.name));
  return { remove, add: used.filter((name) => !kept.has(name)) };
}
