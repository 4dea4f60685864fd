/**
 * The translation namespaces that the code loaded so far names. The build appends
 * `registerNamespaces([...])` to every source module that names one (`useTranslation('ns')`,
 * `'ns:key'`; the `translation-namespaces` plugin in vite.config.ts), so the entry registers the
 * first screen's namespaces and each route chunk adds its own when it is loaded. `initI18n` and the
 * router's lazy routes then fetch exactly those locale files, for the current language only, instead
 * of every namespace up front (issue 13: the first load's JavaScript).
 *
 * No imports here: every module that names a namespace imports this one.
 */
const used = new Set<string>();
/** Every registration in order, so a lazy route can tell what the modules it loaded named. */
const registrations: string[] = [];

export function registerNamespaces(names: readonly string[]): void {
  for (const name of names) {
    used.add(name);
    registrations.push(name);
  }
}

export function usedNamespaces(): string[] {
  return [...used];
}

/** A mark to pass to `namespacesRegisteredSince` later. */
export function registrationMark(): number {
  return registrations.length;
}

/** The namespaces named by the modules that ran since `mark`. */
export function namespacesRegisteredSince(mark: number): string[] {
  return [...new Set(registrations.slice(mark))];
}
