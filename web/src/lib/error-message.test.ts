import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorCodes, limitKinds, notFoundThings } from '@chartroom/contracts/errors';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../public/locales/en/errors.json';
import ruErrors from '../../public/locales/ru/errors.json';
import { ApiError } from './api-client';
import { errorToText, fieldIssueToText, fieldNameOf } from './error-message';

let en: TFunction<'errors'>;
let ru: TFunction<'errors'>;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['errors'],
    resources: { en: { errors: enErrors }, ru: { errors: ruErrors } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  en = i18n.getFixedT('en', 'errors');
  ru = i18n.getFixedT('ru', 'errors');
});

// What a server sends in `message` is English for API users; a user must never read it.
const serverMessage = 'Invalid request: querystring.email a valid e-mail';

describe('errorToText', () => {
  it('words every error code of the contracts in both languages, never with the server message', () => {
    for (const code of errorCodes) {
      const error = new ApiError({ status: 400, code, message: serverMessage });
      for (const t of [en, ru]) {
        const text = errorToText(error, t);
        expect(text, code).not.toBe(code);
        expect(text).not.toContain(serverMessage);
        expect(text).not.toMatch(/\{\{/);
      }
    }
  });

  it('names what was not found and which limit was hit, from the parameters', () => {
    const missing = new ApiError({ status: 404, code: 'not_found', message: 'Licence not found', params: { thing: 'licence' } });
    expect(errorToText(missing, ru)).toBe('Лицензия: не найдено.');
    for (const thing of notFoundThings) {
      const error = new ApiError({ status: 404, code: 'not_found', message: 'x', params: { thing } });
      expect(errorToText(error, ru), thing).not.toContain('things.');
    }
    const swaps = new ApiError({
      status: 409,
      code: 'limit_exceeded',
      message: "This licence's 3 device swaps for 30 days are used up",
      params: { limit: 'swaps', max: 3, periodDays: 30 },
    });
    expect(errorToText(swaps, ru)).toBe('Лимит замены устройств этой лицензии (3 за 30 дн.) исчерпан.');
    for (const limit of limitKinds) {
      const error = new ApiError({ status: 409, code: 'limit_exceeded', message: 'x', params: { limit, max: 2, periodDays: 30 } });
      expect(errorToText(error, en), limit).not.toMatch(/limit\.|\{\{/);
    }
    const permit = new ApiError({ status: 403, code: 'permit_not_accepted', message: 'x', params: { status: 'paused' } });
    expect(errorToText(permit, ru)).toContain('«приостановлено»');
  });

  it('falls back to a text by status for a code it does not know, not to the message', () => {
    const odd = new ApiError({ status: 409, code: 'something_new', message: 'Some English detail' });
    expect(errorToText(odd, ru)).toBe(ruErrors.conflict);
    expect(errorToText(new ApiError({ status: 502, code: 'http_502', message: 'Bad Gateway' }), en)).toBe(enErrors.internal);
    expect(errorToText(new Error('TypeError: x is undefined'), en)).toBe(enErrors.unknown);
  });
});

describe('fieldIssueToText', () => {
  it('names the field by its label and words the problem, without the path or English message', () => {
    const issue = { path: 'querystring.email', message: 'Invalid email address', code: 'invalid_format', params: { format: 'email' } };
    expect(fieldIssueToText(issue, ru)).toBe('E-mail: нужен правильный e-mail');
    expect(fieldIssueToText(issue, en)).toBe('E-mail: must be a valid e-mail');
    const short = { path: 'body.gcTitle', message: 'Too small', code: 'too_small', params: { minimum: 5, origin: 'string' } };
    expect(fieldIssueToText(short, ru)).toBe('Название геоконтента: не короче 5 символов');
    const url = { path: 'body.productItems.0.url', message: 'Invalid URL', code: 'invalid_format', params: { format: 'url' } };
    expect(fieldIssueToText(url, en)).toBe('Address (URL): must be a valid address starting with https://');
    expect(fieldNameOf('body.productItems.0.url')).toBe('url');
    const odd = { path: 'body.somethingElse', message: 'weird', code: 'custom' };
    expect(fieldIssueToText(odd, ru)).toBe('Одно из полей: неверное значение');
  });
});

// A source check: no component puts an API error's `message` (or a field issue's path or message) on
// screen; the texts come from errorToText/fieldIssueToText.
describe('web sources', () => {
  const root = join(__dirname, '..');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      // Components only: the api client keeps the English message on the error, for logs.
      else if (/\.tsx$/.test(name) && !/\.test\.tsx$/.test(name)) files.push(path);
    }
  };
  walk(root);

  it('never renders a server message, a field path or an English server text', () => {
    const offenders: string[] = [];
    const rendered = [
      // `{error.message}` as a child (not `${…}` in a template, not a `key={…}` prop).
      /(?<![$=])\{\s*[\w.?]*(error|err|failure|issue)\??\.message\s*\}/i,
      /(?<![$=])\{\s*[\w.?]*issue\.path\b/,
      /(?<![$=])\{\s*[\w.?]*conversion\.error\s*\}/,
      /(?<![$=])\{\s*[\w.?]*cell\.reason\s*\}/,
      // A toast or form error fed with the server's message.
      /(title|message|error):\s*[\w.?]*(error|err)\??\.message\b/,
    ];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (rendered.some((pattern) => pattern.test(line))) offenders.push(`${file.slice(root.length + 1)}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});

describe('a refused file', () => {
  it('is named with the reason the server gave, and each finding or left-out file is listed', () => {
    const s158 = new ApiError({
      status: 400,
      code: 'unsupported_file',
      message: 'grid.h5 fails the S-158 checks: …',
      params: { file: 'grid.h5', reason: 's158' },
    });
    expect(errorToText(s158, en)).toBe('grid.h5 fails the S-158 checks of S-102:');
    expect(errorToText(s158, ru)).toBe('grid.h5 не проходит проверки S-158 для S-102:');
    const finding = { path: 'body.files', message: "root attribute 'issueDate' is missing", code: 's158', params: { file: 'grid.h5' } };
    expect(fieldIssueToText(finding, en)).toBe("grid.h5: root attribute 'issueDate' is missing");

    const noCell = new ApiError({ status: 400, code: 'validation', message: 'No S-57 cell', params: { reason: 'no_s57_cell' } });
    expect(errorToText(noCell, en)).toBe('The upload holds no S-57 cell (NAME.000 or an update NAME.001…).');
    const left = { path: 'body.files', message: 'ignored: readme.pdf', code: 'ignored_file', params: { file: 'readme.pdf' } };
    expect(fieldIssueToText(left, ru)).toBe('readme.pdf пропущен: это не файл карты S-57');
    // A reason this web does not know yet falls back to the code's own text.
    const other = new ApiError({ status: 400, code: 'unsupported_file', message: 'x', params: { reason: 'future' } });
    expect(errorToText(other, en)).toBe('This file type is not supported.');
  });
});
