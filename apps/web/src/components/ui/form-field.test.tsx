import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../test-utils.tsx';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';
import { Select } from './select.tsx';
import { Textarea } from './textarea.tsx';

describe('FormField', () => {
  it('ties the label, hint and error to the control', () => {
    renderWithI18n(
      <FormField label="Folder name" hint="Up to 100 characters" error="Folder name is required" required>
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Folder name' });
    expect(screen.getByLabelText('Folder name')).toBe(input);
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Up to 100 characters Folder name is required');
    expect(screen.getByTitle('Required')).toHaveTextContent('*');
  });

  it('is valid and undescribed without hint or error', async () => {
    renderWithI18n(
      <FormField label="Description">
        <Textarea />
      </FormField>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(textarea).not.toHaveAttribute('aria-describedby');
    expect(textarea).not.toBeRequired();
    await userEvent.type(textarea, 'Quarterly review');
    expect(textarea).toHaveValue('Quarterly review');
  });

  it('keeps the control’s own aria-describedby and uses the field id', () => {
    renderWithI18n(
      <>
        <p id="extra">Shown to all users</p>
        <FormField label="Language" id="language" hint="Interface language">
          <Select
            aria-describedby="extra"
            placeholder="Choose"
            options={[
              { value: 'en', label: 'English' },
              { value: 'de', label: 'Deutsch' },
            ]}
          />
        </FormField>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveAttribute('id', 'language');
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription('Interface language Shown to all users');
  });
});
