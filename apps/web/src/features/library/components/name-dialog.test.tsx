import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { setupTestI18n } from '@/testing/test-utils.tsx';
import { NameDialog } from './name-dialog.tsx';

beforeAll(() => {
  setupTestI18n();
});

function renderDialog(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  render(
    <NameDialog
      kind="folder"
      open
      onOpenChange={() => undefined}
      title="New folder"
      submitLabel="Create folder"
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('NameDialog', () => {
  it('shows the spec messages for a missing or invalid name', async () => {
    const { onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Folder name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Folder name/), 'a/b');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Folder name contains invalid characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Folder name/));
    await user.type(screen.getByLabelText(/Folder name/), '..');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Please enter a valid folder name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid name and shows the server’s refusal on the field', async () => {
    const { onSubmit, user } = renderDialog(vi.fn().mockRejectedValue(new ApiError('FOLDER_EXISTS', 409)));
    await user.type(screen.getByLabelText(/Folder name/), ' Contracts ');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(onSubmit).toHaveBeenCalledWith('Contracts');
    expect(await screen.findByText('A folder with this name already exists here.')).toBeInTheDocument();
  });
});
