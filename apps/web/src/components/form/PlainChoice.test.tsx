import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { PlainRadioGroup } from './PlainChoice';

function HowToPay({ chosen }: { chosen: string[] }) {
  const [method, setMethod] = useState<'full' | 'balance'>('balance');
  return (
    <PlainRadioGroup
      legend="How would you like to pay?"
      value={method}
      options={[
        { value: 'full', label: 'Full payment' },
        { value: 'balance', label: 'Balance' },
      ]}
      onChange={(value) => {
        chosen.push(value);
        setMethod(value);
      }}
    />
  );
}

test('a group of the browser’s radio buttons, named by its legend: the value checked, a tap on a label chooses, the arrow keys move', async () => {
  const chosen: string[] = [];
  render(<HowToPay chosen={chosen} />);
  const group = screen.getByRole('radiogroup', { name: 'How would you like to pay?' });
  expect(group).toBeTruthy();
  const balance = screen.getByRole('radio', { name: 'Balance' }) as HTMLInputElement;
  const full = screen.getByRole('radio', { name: 'Full payment' }) as HTMLInputElement;
  expect([full.checked, balance.checked]).toEqual([false, true]);
  await userEvent.click(screen.getByText('Full payment'));
  expect([full.checked, balance.checked]).toEqual([true, false]);
  await userEvent.keyboard('{ArrowDown}');
  expect(chosen).toEqual(['full', 'balance']);
  expect(balance.checked).toBe(true);
});
