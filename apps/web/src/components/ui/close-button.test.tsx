import { screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../test-utils.tsx';
import { CloseButton } from './close-button.tsx';

describe('CloseButton', () => {
  it('is named "Close" and shows a small X by default', () => {
    renderWithI18n(<CloseButton />);
    const button = screen.getByRole('button', { name: 'Close' });
    const icon = button.querySelector('svg');
    expect(icon).toHaveClass('lucide-x', 'size-4');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('takes another name and icon', () => {
    renderWithI18n(<CloseButton aria-label="Remove file" icon={Trash2} />);
    const button = screen.getByRole('button', { name: 'Remove file' });
    expect(button.querySelector('svg')).toHaveClass('lucide-trash-2');
  });
});
