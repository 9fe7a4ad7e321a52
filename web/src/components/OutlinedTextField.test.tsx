import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OutlinedTextField } from './OutlinedTextField.tsx';

function EmailField({ helperText }: { helperText?: string }) {
  const [value, setValue] = useState('');
  return (
    <OutlinedTextField
      name="email"
      label="Email"
      type="email"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      required
      error={helperText !== undefined}
      helperText={helperText}
    />
  );
}

describe('OutlinedTextField', () => {
  it('is a required input named by its label, marked as TextField marks it, that takes typing', async () => {
    render(<EmailField />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toMatchObject({ required: true, name: 'email', type: 'email' });
    expect(screen.getByText('Email').closest('label')?.textContent).toBe('Email\u2009*');
    await userEvent.type(input, 'ada@example.com');
    expect(input).toHaveProperty('value', 'ada@example.com');
  });

  it('describes the input with its helper text and marks it invalid', () => {
    render(<EmailField helperText="Please enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Please enter a valid email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
