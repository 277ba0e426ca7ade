import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PasswordInput } from './PasswordInput';
import { TextInput } from './TextInput';

function Recipient({ error, multiline }: { error?: string; multiline?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      id="recipient"
      label="Institution or employer"
      required
      value={value}
      onChange={(event) => setValue(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      multiline={multiline}
      minRows={3}
      maxLength={20}
    />
  );
}

test('the browser’s input, named by its label (required, marked with an asterisk for the eye only), takes what is typed up to its limit', async () => {
  render(<Recipient />);
  const input = screen.getByRole('textbox', { name: 'Institution or employer' }) as HTMLInputElement;
  expect(input.tagName).toBe('INPUT');
  expect(input.required).toBe(true);
  await userEvent.type(input, 'University of Lagos, Akoka');
  expect(input.value).toBe('University of Lagos,');
  expect(input.getAttribute('aria-invalid')).toBeNull();
});

test('an error marks it invalid and its message describes it; multiline is a textarea of at least minRows', () => {
  render(<Recipient error="Enter the institution or employer." multiline />);
  const area = screen.getByRole('textbox', { name: 'Institution or employer' }) as HTMLTextAreaElement;
  expect(area.tagName).toBe('TEXTAREA');
  expect(area.getAttribute('rows')).toBe('3');
  expect(area.getAttribute('aria-invalid')).toBe('true');
  expect(area.getAttribute('aria-describedby')).toBe(
    screen.getByText('Enter the institution or employer.').id,
  );
});

test('a password field shows what was typed on request, and hides it again', async () => {
  function Password() {
    const [value, setValue] = useState('');
    return (
      <PasswordInput
        id="password"
        label="Password"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
    );
  }
  await renderWithProviders(<Password />);
  const field = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
  await userEvent.type(field, 'Portal@2025');
  expect(field.type).toBe('password');
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(field.type).toBe('text');
  expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
});
