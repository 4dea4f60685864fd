import { RefreshCw } from 'lucide-react';
import { toast } from '@/components/toaster/toast-store.ts';
import { env } from '@/config/env.ts';
import { i18n } from './i18n.ts';

/**
 * Outdated-build detection (SPEC §7, §9; DESIGN §5). The bundle knows its build id; every hour the
 * app fetches `/version.json` and, when a newer build has been deployed, offers a reload — once per
 * new build id, so an ignored notice does not come back every hour.
 */
export const BUILD_VERSION_CHECK_INTERVAL_MS = 3_600_000;

export const BUILD_VERSION_URL = '/version.json';

/** The build id of the deployed app, or null when it cannot be told (offline, no file, bad JSON). */
export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(BUILD_VERSION_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const buildId = (body as { buildId?: unknown } | null)?.buildId;
    return typeof buildId === 'string' && buildId.trim() !== '' ? buildId : null;
  } catch {
    return null;
  }
}

export interface BuildVersionCheckOptions {
  currentBuildId?: string;
  intervalMs?: number;
  fetchImpl?: typeof fetch;
  /** Called once per newly seen build id. Default: a persistent toast with a Reload action. */
  onNewBuild?: (buildId: string) => void;
}

/** Where a tab remembers the newest build whose notice it has shown and the user has closed. */
export const DISMISSED_BUILD_STORAGE_KEY = 'build-version:dismissed';

function readDismissedBuildId(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_BUILD_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberDismissedBuildId(buildId: string): void {
  try {
    sessionStorage.setItem(DISMISSED_BUILD_STORAGE_KEY, buildId);
  } catch {
    // Storage may be disabled; the in-memory record still stops repeats until the next page load.
  }
}

/**
 * Offers the reload until the user acts. Closing it (close button or "Later") remembers the build
 * for this tab, so the notice is not repeated — also after a reload that still got the old build
 * from a cache — until an even newer build appears.
 */
export function showNewBuildToast(buildId = ''): void {
  toast.add({
    callback: () => rememberDismissedBuildId(buildId),
    title: i18n.t('common:buildVersion.title'),
    description: i18n.t('common:buildVersion.description'),
    icon: RefreshCw,
    color: 'primary',
    timeout: 0,
    actions: [
      {
        label: i18n.t('common:buildVersion.reload'),
        color: 'primary',
        variant: 'solid',
        onClick: () => window.location.reload(),
      },
      { label: i18n.t('common:buildVersion.later') },
    ],
  });
}

/** Runs one check now and returns whether a new build was announced. */
export function createBuildVersionChecker({
  currentBuildId = env.BUILD_ID,
  fetchImpl = fetch,
  onNewBuild = showNewBuildToast,
}: Omit<BuildVersionCheckOptions, 'intervalMs'> = {}): () => Promise<boolean> {
  const announced = new Set<string>();
  return async () => {
    const latest = await fetchLatestBuildId(fetchImpl);
    if (latest === null || latest === currentBuildId || announced.has(latest)) return false;
    if (readDismissedBuildId() === latest) return false;
    announced.add(latest);
    onNewBuild(latest);
    return true;
  };
}

/** Checks every hour until the returned function is called. */
export function startBuildVersionCheck({
  intervalMs = BUILD_VERSION_CHECK_INTERVAL_MS,
  ...options
}: BuildVersionCheckOptions = {}): () => void {
  const check = createBuildVersionChecker(options);
  const timer = window.setInterval(() => void check(), intervalMs);
  return () => window.clearInterval(timer);
}
