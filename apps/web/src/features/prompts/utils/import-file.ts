import { PROMPT_IMPORT_MAX_BYTES, promptLibraryFileSchema, type PromptLibraryFile } from '@compliance/shared/prompts';
import { convertForeignLibrary } from './foreign-formats.ts';

/** Where in the file a problem is: the prompt or category it belongs to, and the field. */
export interface ImportProblem {
  /** i18n key of the problem. */
  message: string;
  prompt?: { index: number; title: string };
  category?: { index: number; name: string };
  placeholder?: { index: number; name: string };
  /** The field's key (last path segment), when it names one. */
  field?: string;
}

export type ImportCheck =
  | { ok: true; file: PromptLibraryFile }
  | {
      ok: false;
      problems: ImportProblem[];
      /** Problems left out of `problems` to keep the list short. */ more: number;
    };

const MAX_LISTED = 20;
/** Our schemas' messages are i18n keys; zod's own (wrong type, missing field) are English sentences. */
const I18N_KEY = /^[a-z-]+:[\w.]+$/;

function textAt(value: unknown, key: string): string {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'string'
    ? ((value as Record<string, unknown>)[key] as string)
    : '';
}

/** Names the place of a problem in the file from its path (e.g. prompts.3.placeholders.0.name). */
export function locateProblem(data: unknown, path: readonly PropertyKey[], message: string): ImportProblem {
  const problem: ImportProblem = { message };
  const root = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown[]>;
  const [section, index, sub, subIndex] = path;
  if (section === 'prompts' && typeof index === 'number') {
    const prompt = root.prompts?.[index];
    problem.prompt = { index, title: textAt(prompt, 'title') };
    if (sub === 'placeholders' && typeof subIndex === 'number') {
      const placeholders = (prompt as { placeholders?: unknown[] } | undefined)?.placeholders;
      problem.placeholder = { index: subIndex, name: textAt(placeholders?.[subIndex], 'name') };
    }
  } else if (section === 'categories' && typeof index === 'number') {
    problem.category = { index, name: textAt(root.categories?.[index], 'name') };
  }
  const last = path.at(-1);
  if (typeof last === 'string' && last !== section) problem.field = last;
  return problem;
}

/**
 * Reads and checks a library file in the browser with the same schema as the server, so a bad file
 * is explained before anything is sent (and nothing in the library changes). Prompt exports of
 * Open WebUI and LibreChat are converted to a library file first (foreign-formats.ts); their
 * problems are then named by the converted file's prompts.
 */
export async function readLibraryFile(file: Blob): Promise<ImportCheck> {
  if (file.size > PROMPT_IMPORT_MAX_BYTES) {
    return { ok: false, problems: [{ message: 'prompts:import.tooLarge' }], more: 0 };
  }
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return { ok: false, problems: [{ message: 'prompts:import.notJson' }], more: 0 };
  }
  data = convertForeignLibrary(data) ?? data;
  // A list (or any other non-object) that is no known export: say so, rather than "invalid value".
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, problems: [{ message: 'prompts:import.notALibrary' }], more: 0 };
  }
  const result = promptLibraryFileSchema.safeParse(data);
  if (result.success) return { ok: true, file: result.data };
  const problems = result.error.issues.map((issue) =>
    locateProblem(data, issue.path, I18N_KEY.test(issue.message) ? issue.message : 'prompts:import.invalidValue'),
  );
  return { ok: false, problems: problems.slice(0, MAX_LISTED), more: Math.max(0, problems.length - MAX_LISTED) };
}
