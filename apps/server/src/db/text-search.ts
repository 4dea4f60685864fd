/** The PostgreSQL full-text configuration for a detected language; 'simple' when unknown. */
export function tsConfigFor(language: string | null | undefined): string {
  switch (language) {
    case 'en':
      return 'english';
    case 'de':
      return 'german';
    case 'fr':
      return 'french';
    case 'it':
      return 'italian';
    default:
      return 'simple';
  }
}
