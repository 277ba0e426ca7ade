import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { SelectField } from './SelectField';

function FirstChoice({ chosen, error }: { chosen: (string | number)[]; error?: string }) {
  const [value, setValue] = useState<string | number>(2);
  return (
    <SelectField
      label="First choice"
      required
      value={value}
      error={Boolean(error)}
      helperText={error}
      options={[
        { value: 1, label: 'Bello Hall' },
        { value: 2, label: 'Amina Hall' },
        { value: 3, label: 'Full hall', disabled: true },
      ]}
      onChange={(next) => {
        chosen.push(next);
        setValue(next);
      }}
    />
  );
}

test('the browser’s select, named by its label (marked when required): the value shown, a choice given back as the option declares it', async () => {
  const chosen: (string | number)[] = [];
  render(<FirstChoice chosen={chosen} />);
  const select = screen.getByRole('combobox', { name: 'First choice' }) as HTMLSelectElement;
  expect(select.required).toBe(true);
  expect(select.selectedOptions[0]?.textContent).toBe('Amina Hall');
  expect(select.getAttribute('aria-invalid')).toBeNull();
  await userEvent.selectOptions(select, 'Bello Hall');
  expect(chosen).toEqual([1]);
  expect(select.value).toBe('1');
  expect((screen.getByRole('option', { name: 'Full hall' }) as HTMLOptionElement).disabled).toBe(true);
});

test('an error marks the select invalid and its message describes it', () => {
  render(<FirstChoice chosen={[]} error="Choose a hall" />);
  const select = screen.getByRole('combobox', { name: 'First choice' });
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(select.getAttribute('aria-describedby')).toBe(screen.getByText('Choose a hall').id);
});
