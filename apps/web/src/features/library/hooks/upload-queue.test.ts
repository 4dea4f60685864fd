import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from '../api/upload-file.ts';
import { DONE_LINGER_MS, isKnownUnsupported, uploadQueue } from './upload-queue.ts';

vi.mock('../api/upload-file.ts', () => ({ uploadFile: vi.fn() }));

const stored = (name: string) => ({
  file: { id: `id-${name}`, name, status: 'ready', failureCode: null, updatedAt: '2026-11-25T10:00:00.000Z' },
  replaced: false,
});

afterEach(() => {
  uploadQueue.clearFinished();
  for (const item of uploadQueue.getSnapshot()) uploadQueue.cancel(item.key);
  vi.useRealTimers();
});

describe('upload queue', () => {
  it('refuses a file the library cannot read before sending anything', () => {
    uploadQueue.add([new File(['x'], 'scan.JPG'), new File(['x'], 'archive.zip')], null);
    expect(uploadFile).not.toHaveBeenCalled();
    expect(uploadQueue.getSnapshot().map((item) => [item.status, item.errorCode])).toEqual([
      ['failed', 'UNSUPPORTED_FILE_TYPE'],
      ['failed', 'UNSUPPORTED_FILE_TYPE'],
    ]);
    expect(isKnownUnsupported('policy.pdf')).toBe(false);
    expect(isKnownUnsupported('notes')).toBe(false);
    expect(isKnownUnsupported('deck.PPTX')).toBe(true);
  });

  it('clears a finished row by itself after a while', async () => {
    vi.useFakeTimers();
    vi.mocked(uploadFile).mockResolvedValueOnce(stored('policy.pdf') as never);
    uploadQueue.add([new File(['%PDF'], 'policy.pdf')], null);
    // The upload's promise settles on the next ticks.
    for (let i = 0; i < 5 && uploadQueue.getSnapshot()[0]?.status !== 'done'; i += 1) await Promise.resolve();
    expect(uploadQueue.getSnapshot()[0]?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(DONE_LINGER_MS - 1);
    expect(uploadQueue.getSnapshot()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploadQueue.getSnapshot()).toHaveLength(0);
  });
});
