import { render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../test-utils.tsx';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';
import { Spinner } from './spinner.tsx';

describe('page building blocks', () => {
  it('PageHeader shows an h1, a description and actions', () => {
    render(<PageHeader title="Documents" description="Your files and folders" actions={<Button>Upload</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText('Your files and folders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('EmptyState shows a heading, a description and an action', () => {
    render(
      <EmptyState
        icon={Inbox}
        title="No prompts yet"
        description="Create your first prompt."
        action={<Button>New prompt</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No prompts yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New prompt' })).toBeInTheDocument();
  });

  it('Spinner is a status named "Loading…" unless told otherwise', () => {
    renderWithI18n(
      <>
        <Spinner />
        <Spinner label="Loading countries" />
      </>,
    );
    const [generic, specific] = screen.getAllByRole('status');
    expect(generic).toHaveTextContent('Loading…');
    expect(specific).toHaveTextContent('Loading countries');
  });

  it('Badge defaults to a soft neutral label', () => {
    render(<Badge>Grey listed</Badge>);
    const badge = screen.getByText('Grey listed');
    expect(badge).toHaveAttribute('data-color', 'neutral');
    expect(badge).toHaveAttribute('data-variant', 'soft');
  });
});
