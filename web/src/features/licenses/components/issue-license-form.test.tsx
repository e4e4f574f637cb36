import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { ApiError } from '../../../lib/api-client';
import { IssueLicenseForm, type IssueFormValues } from './issue-license-form';

const products = [
  { value: '11', label: 'Commercial' },
  { value: '12', label: 'Corporate' },
];

describe('IssueLicenseForm', () => {
  it('issues for the chosen product with the given expiry and device count, then clears e-mail and devices', async () => {
    const user = userEvent.setup();
    const issued: IssueFormValues[] = [];
    const onIssue = vi.fn((values: IssueFormValues, onDone: () => void) => {
      issued.push(values);
      onDone();
    });
    await renderWithApp(<IssueLicenseForm productOptions={products} isPending={false} error={null} onIssue={onIssue} />);

    const submit = screen.getByRole('button', { name: 'Issue' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText(/User e-mail/), '  captain@example.org ');
    await user.click(screen.getByRole('textbox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Corporate', hidden: true }));
    const months = screen.getByLabelText('Expiry, months');
    await user.clear(months);
    await user.type(months, '6');
    await user.type(screen.getByLabelText('Devices'), '3');
    await user.click(submit);

    expect(issued).toEqual([{ email: 'captain@example.org', prodid: 12, exp: 6, devnum: 3 }]);
    await waitFor(() => expect((screen.getByLabelText(/User e-mail/) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Devices') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Expiry, months') as HTMLInputElement).value).toBe('6');
  });

  it('issues for the fixed product of a distributor without a product selector', async () => {
    const user = userEvent.setup();
    const onIssue = vi.fn();
    await renderWithApp(<IssueLicenseForm productOptions={[]} fixedProductId={42} isPending={false} error={null} onIssue={onIssue} />);
    expect(screen.queryByRole('textbox', { name: 'Product' })).toBeNull();
    await user.type(screen.getByLabelText(/User e-mail/), 'mate@example.org');
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    expect(onIssue).toHaveBeenCalledWith({ email: 'mate@example.org', prodid: 42, exp: 12, devnum: 0 }, expect.any(Function));
  });

  it('cannot be sent without a product or without an e-mail', async () => {
    const user = userEvent.setup();
    await renderWithApp(<IssueLicenseForm productOptions={[]} isPending={false} error={null} onIssue={vi.fn()} />);
    await user.type(screen.getByLabelText(/User e-mail/), 'mate@example.org');
    expect(screen.getByRole('button', { name: 'Issue' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal in the user's language, by its code", async () => {
    const message = 'This product is disabled: enable it before issuing licences';
    const error = new ApiError({ status: 409, code: 'product_disabled', message });
    await renderWithApp(<IssueLicenseForm productOptions={products} isPending={false} error={error} onIssue={vi.fn()} />, { locale: 'ru' });
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('Этот продукт отключён: сначала включите его.');
    expect(alert).not.toContain(message);
  });

  it('shows a wrong e-mail and a negative expiry at the field, in Russian, and sends nothing', async () => {
    const user = userEvent.setup();
    const onIssue = vi.fn();
    await renderWithApp(<IssueLicenseForm productOptions={products} isPending={false} error={null} onIssue={onIssue} />, { locale: 'ru' });
    const submit = screen.getByRole('button', { name: 'Выдать' });
    expect(screen.getByTestId('submit-reason').textContent).toBe('Введите e-mail пользователя, чтобы выдать лицензию.');
    await user.type(screen.getByLabelText(/E-mail пользователя/), 'captain@');
    await user.tab();
    expect(await screen.findByText('Введите правильный e-mail, например captain@example.org')).toBeTruthy();
    expect(screen.getByTestId('submit-reason').textContent).toBe('Исправьте поле «E-mail пользователя».');
    const months = screen.getByLabelText('Срок, месяцев');
    await user.clear(months);
    await user.tab();
    expect(await screen.findByText('Целое число месяцев от 1 до 1200')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(submit);
    expect(onIssue).not.toHaveBeenCalled();
  });
});
