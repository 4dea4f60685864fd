import { describe, expect, it } from 'vitest';
import { outboundCitations } from './shared-message.ts';

describe('outboundCitations', () => {
  it('names the page, and for a synced document the remote file and the version quoted', () => {
    const sent = outboundCitations(
      [
        {
          number: 1,
          kind: 'document',
          documentId: '00000000-0000-4000-8000-000000000001',
          title: 'aml-policy.md',
          page: 2,
          quote: 'Politically exposed persons always need senior approval.',
          href: '/documents/00000000-0000-4000-8000-000000000001?page=2',
          origin: {
            connectionId: '00000000-0000-4000-8000-000000000002',
            connectionName: 'Team share',
            kind: 'webdav',
            path: 'policies/aml-policy.md',
            version: '"5f3a-64b2c"',
            revision: 3,
            syncedAt: '2026-11-27T10:00:00.000Z',
          },
        },
        { number: 2, kind: 'web', documentId: null, title: 'FINMA', page: null, quote: '', href: 'https://finma.ch/' },
      ],
      'https://assistant.example',
    );
    expect(sent).toEqual([
      {
        number: 1,
        title: 'aml-policy.md, p. 2 (Team share › policies/aml-policy.md, v3)',
        url: 'https://assistant.example/documents/00000000-0000-4000-8000-000000000001?page=2',
        quote: 'Politically exposed persons always need senior approval.',
      },
      { number: 2, title: 'FINMA', url: 'https://finma.ch/', quote: '' },
    ]);
  });
});
