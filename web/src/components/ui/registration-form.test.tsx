import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ApiError } from '../../lib/api-client';
import { RegistrationForm, type RegistrationField } from './registration-form';

// A provider's two fields as its screen gives them: a title of at least five characters and a name.
const fields: RegistrationField<'gcTitle' | 'providerTitle'>[] = [
  {
    name: 'gcTitle',
    label: 'Content title',
    problem: (value) => (value.trim().length >= 5 ? null : 'Title too short'),
    typedError: 'At least 5 characters',
  },
  { name: 'providerTitle', label: 'Provider title', problem: (value) => (value.trim() ? null : 'Name missing') },
];

describe('RegistrationForm', () => {
  it('says what is missing in the order of the fields, then sends the trimmed values once confirmed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderWithApp(
      <RegistrationForm namespace="provider" fields={fields} request={{ isPending: false, error: null }} onSubmit={onSubmit} />,
    );
    const submit = screen.getByRole('button', { name: 'Register as a provider' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('submit-reason').textContent).toBe('Title too short');

    await user.type(screen.getByLabelText(/Content title/), 'Fjo');
    expect(screen.getByText('At least 5 characters')).toBeTruthy();
    await user.type(screen.getByLabelText(/Content title/), 'rd Approaches ');
    expect(screen.queryByText('At least 5 characters')).toBeNull();
    expect(screen.getByTestId('submit-reason').textContent).toBe('Name missing');

    await user.type(screen.getByLabelText(/Provider title/), '  Fjord Survey');
    expect(screen.getByTestId('submit-reason').textContent).toBe('Confirm the statement above.');
    await user.click(screen.getByLabelText(/I confirm/));
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ gcTitle: 'Fjord Approaches', providerTitle: 'Fjord Survey' });
  });

  it("shows the request's failure under the role's title", async () => {
    const error = new ApiError({ status: 409, code: 'conflict', message: 'Already registered' });
    await renderWithApp(
      <RegistrationForm namespace="distributor" fields={fields} request={{ isPending: false, error }} onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Distributor registration failed');
  });
});
