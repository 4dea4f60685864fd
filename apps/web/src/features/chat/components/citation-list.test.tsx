import type { Citation } from '@compliance/shared/chat';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setupTestI18n } from '@/testing/test-utils.tsx';
import { CitationList } from './citation-list.tsx';

const citations: Citation[] = [
  {
    number: 1,
    kind: 'fatf',
    documentId: null,
    title: 'FATF lists (country data)',
    page: null,
    quote: 'As of 19 June 2026, 22 jurisdictions are on the FATF grey list',
    href: '/fatf/countries',
    asOf: '2026-06-19',
  },
  {
    number: 2,
    kind: 'document',
    documentId: '00000000-0000-4000-8000-000000000001',
    title: 'Rule 204-3',
    page: 2,
    quote: 'An adviser must deliver the brochure before or at the time of entering into the contract.',
    href: '/documents?file=00000000-0000-4000-8000-000000000001&page=2',
    asOf: '2026-11-21',
  },
  {
    number: 3,
    kind: 'web',
    documentId: null,
    title: 'SEC',
    page: null,
    quote: 'A web page quoted by the answer.',
    href: 'https://www.sec.gov/',
  },
];

function renderList() {
  setupTestI18n();
  const router = createMemoryRouter([{ path: '*', element: <CitationList citations={citations} idPrefix="m1" /> }]);
  render(<RouterProvider router={router} />);
}

describe('CitationList', () => {
  it('links the FATF data and documents inside the app, the web outside, each with its "as of" date', () => {
    renderList();
    const items = screen.getAllByRole('listitem');
    const fatf = within(items[0]!).getByRole('link', { name: 'FATF lists (country data)' });
    expect(fatf).toHaveAttribute('href', '/fatf/countries');
    expect(fatf).not.toHaveAttribute('target');
    expect(within(items[0]!).getByText(/as of 19 Jun 2026/)).toBeInTheDocument();
    expect(within(items[1]!).getByText(/as of 21 Nov 2026/)).toBeInTheDocument();
    const web = within(items[2]!).getByRole('link', { name: 'SEC' });
    expect(web).toHaveAttribute('target', '_blank');
    expect(within(items[2]!).queryByText(/as of/)).not.toBeInTheDocument();
  });
});
