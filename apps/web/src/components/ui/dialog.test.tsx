import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../test-utils.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

describe('Dialog', () => {
  function renderDialog() {
    return renderWithI18n(
      <Dialog
        trigger={<Button>New folder</Button>}
        title="Create folder"
        description="Folders group your documents."
        footer={
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              Cancel
            </Button>
          </DialogClose>
        }
      >
        <input aria-label="Folder name" />
      </Dialog>,
    );
  }

  it('opens from its trigger with a title, description and close button', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'New folder' }));

    const dialog = screen.getByRole('dialog', { name: 'Create folder' });
    expect(dialog).toHaveAccessibleDescription('Folders group your documents.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New folder' })).toHaveFocus();
  });

  it('closes with Escape and with a DialogClose button', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New folder' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
