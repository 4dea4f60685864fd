// Build-time settings the web app reads (only through config/env.ts).
// Optional details of the organisation operating an installation, shown on the legal pages.
interface ImportMetaEnv {
  /** Legal name of the operator, e.g. "Example AG". */
  readonly VITE_LEGAL_ENTITY_NAME?: string;
  /** Postal address; separate lines with "|", e.g. "Bahnhofstrasse 1 | 8001 Zürich | Switzerland". */
  readonly VITE_LEGAL_ENTITY_ADDRESS?: string;
  /** Contact e-mail for legal and data-protection questions. */
  readonly VITE_LEGAL_CONTACT_EMAIL?: string;
}
