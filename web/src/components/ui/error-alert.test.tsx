import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ApiError } from '../../lib/api-client';
import { ErrorAlert } from './error-alert';

describe('ErrorAlert', () => {
  it("names each wrong field by its Russian label, without the server's path or English message", async () => {
    const error = new ApiError({
      status: 400,
      code: 'validation',
      message: 'Invalid request: querystring.email a valid e-mail; body.productItems.0.url an http:// or https:// address',
      details: [
        { path: 'querystring.email', message: 'a valid e-mail', code: 'invalid_format', params: { format: 'email' } },
        { path: 'body.productItems.0.url', message: 'an http:// or https:// address', code: 'invalid_format', params: { format: 'url' } },
      ],
    });
    await renderWithApp(<ErrorAlert error={error} />, { locale: 'ru' });
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('Некоторые введённые значения неверны.');
    expect(text).toContain('E-mail: нужен правильный e-mail');
    expect(text).toContain('Адрес (URL): нужен правильный адрес, начинающийся с https://');
    expect(text).not.toMatch(/querystring|body\.|a valid e-mail|Invalid request/);
  });
});
