import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';
import { Switch } from './switch.tsx';

describe('Switch and Checkbox', () => {
  it('a switch is labelled, described and toggles', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Web search" description="Search the web for sources" onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Web search' });
    expect(control).toHaveAccessibleDescription('Search the web for sources');
    await userEvent.click(screen.getByText('Web search'));
    expect(control).toBeChecked();
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('a checkbox is labelled and toggles', async () => {
    render(<Checkbox label="Remember me" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    await userEvent.click(screen.getByText('Remember me'));
    expect(checkbox).toBeChecked();
  });
});
