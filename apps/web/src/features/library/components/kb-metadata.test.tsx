import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '@/testing/test-utils.tsx';
import { KbMetadata } from './kb-metadata.tsx';

beforeAll(() => {
  setupTestI18n();
});

function renderMetadata(metadata: Record<string, unknown>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The functions' names, as the API would answer.
  queryClient.setQueryData(
    ['knowledge', 'functions'],
    [{ id: 'f1', code: 'aml_kyc', names: { en: 'AML/CFT, KYC and sanctions screening', de: '', fr: '', it: '' } }],
  );
  render(
    <QueryClientProvider client={queryClient}>
      <dl>
        <KbMetadata metadata={metadata} />
      </dl>
    </QueryClientProvider>,
  );
}

describe('KbMetadata', () => {
  it('shows front matter as labelled, translated fields, never raw keys or codes', () => {
    renderMetadata({
      id: 'ch-amla-core-duties',
      title: 'AMLA',
      issuer: 'Swiss Confederation',
      jurisdiction: 'CH',
      functions: ['aml_kyc'],
      resourceType: 'law',
      status: 'in_force',
      lastVerified: '2026-11-21',
      sourceUrl: 'https://www.fedlex.admin.ch/eli/cc/1998/892_892_892/en',
      customNote: 'kept',
    });
    expect(screen.getByText('Issuer')).toBeInTheDocument();
    expect(screen.getByText('Switzerland')).toBeInTheDocument();
    expect(screen.getByText('AML/CFT, KYC and sanctions screening')).toBeInTheDocument();
    expect(screen.getByText('Law')).toBeInTheDocument();
    expect(screen.getByText('In force')).toBeInTheDocument();
    expect(screen.getByText(/21 November 2026|November 21, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /fedlex/ })).toHaveAttribute('target', '_blank');
    // A field the product does not know is labelled from its name.
    expect(screen.getByText('Custom note')).toBeInTheDocument();
    for (const raw of ['in_force', 'aml_kyc', 'resourceType', 'lastVerified', 'ch-amla-core-duties']) {
      expect(screen.queryByText(raw)).not.toBeInTheDocument();
    }
  });
});
