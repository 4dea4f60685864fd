import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toaster/toast-store.ts';
import { setupTestI18n } from '@/testing/test-utils.tsx';
import {
  BUILD_VERSION_CHECK_INTERVAL_MS,
  BUILD_VERSION_URL,
  DISMISSED_BUILD_STORAGE_KEY,
  fetchLatestBuildId,
  showNewBuildToast,
  startBuildVersionCheck,
} from './build-version.ts';

function versionResponse(buildId: string): Response {
  return new Response(JSON.stringify({ buildId, builtAt: '2025-01-01T00:00:00Z' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('outdated-build check (SPEC §7, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    toast.clear();
  });

  it('checks every hour', () => {
    expect(BUILD_VERSION_CHECK_INTERVAL_MS).toBe(3_600_000);
  });

  it('fetches /version.json without the cache, once per interval, and announces a new build once', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(versionResponse('build-2')));
    const onNewBuild = vi.fn();
    const stop = startBuildVersionCheck({ currentBuildId: 'build-1', fetchImpl, onNewBuild });

    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS - 1);
    expect(fetchImpl).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(BUILD_VERSION_URL, expect.objectContaining({ cache: 'no-store' }));
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith('build-2');

    // The same new build an hour later: no second notice.
    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledTimes(1);

    // Yet another build: announced.
    fetchImpl.mockImplementation(() => Promise.resolve(versionResponse('build-3')));
    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenLastCalledWith('build-3');

    stop();
    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS * 2);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('stays quiet while the build is current or the check fails', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(versionResponse('build-1'))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('not json', { status: 200 }))
      .mockResolvedValueOnce(new Response(null, { status: 404 }));
    const onNewBuild = vi.fn();
    const stop = startBuildVersionCheck({ currentBuildId: 'build-1', fetchImpl, onNewBuild });
    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS * 4);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(onNewBuild).not.toHaveBeenCalled();
    stop();
  });

  it('reads the build id from the manifest', async () => {
    await expect(fetchLatestBuildId(() => Promise.resolve(versionResponse('abc')))).resolves.toBe('abc');
    await expect(fetchLatestBuildId(() => Promise.resolve(new Response('{}')))).resolves.toBeNull();
  });

  it('offers a reload in a toast that stays until closed', () => {
    setupTestI18n();
    showNewBuildToast();
    const [notice] = toast.getAll();
    expect(notice?.title).toBe('A new version is available');
    expect(notice?.timeout).toBe(0);
    expect(notice?.actions?.map((action) => action.label)).toEqual(['Reload', 'Later']);
  });

  it('remembers a closed notice for the tab, so that build is not announced again', async () => {
    setupTestI18n();
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(versionResponse('build-2')));
    const stop = startBuildVersionCheck({ currentBuildId: 'build-1', fetchImpl });
    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS);
    const [notice] = toast.getAll();
    expect(notice).toBeDefined();

    toast.remove(notice!.id);
    expect(sessionStorage.getItem(DISMISSED_BUILD_STORAGE_KEY)).toBe('build-2');

    // A fresh checker (as after a reload that still served the old bundle) stays quiet for build-2.
    stop();
    const restarted = startBuildVersionCheck({ currentBuildId: 'build-1', fetchImpl });
    await vi.advanceTimersByTimeAsync(BUILD_VERSION_CHECK_INTERVAL_MS);
    expect(toast.getAll()).toHaveLength(0);
    restarted();
    sessionStorage.clear();
  });
});
