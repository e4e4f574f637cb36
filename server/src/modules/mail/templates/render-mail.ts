import type { Locale } from '@chartroom/contracts/constants';
import { mailMessages, type MailKind } from './messages.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailValues {
  email: string;
  /** A generated password, for the mails that carry one. */
  password?: string;
  /** Where the action leads (sign-in page, reset link). */
  url: string;
  /** How long a reset link lives. */
  minutes?: number;
  /** An invitation's distributor (its title) and agreement (its name). */
  distributor?: string;
  agreement?: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

function fill(text: string, values: MailValues): string {
  return text
    .replaceAll('{minutes}', String(values.minutes ?? ''))
    .replaceAll('{distributor}', values.distributor ?? '')
    .replaceAll('{agreement}', values.agreement ?? '');
}

/** One mail in the recipient's language, as plain text and as HTML with the same content. */
export function renderMail(kind: MailKind, locale: Locale, values: MailValues): RenderedMail {
  const m = mailMessages[locale][kind];
  const subject = fill(m.subject, values);
  const details = [`${m.emailLabel}: ${values.email}`, ...(values.password ? [`${m.passwordLabel}: ${values.password}`] : [])];
  const intro = m.intro.map((p) => fill(p, values));
  const outro = m.outro.map((p) => fill(p, values));
  const text = [...intro, details.join('\n'), `${m.action}: ${values.url}`, ...outro].join('\n\n') + '\n';
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    ...intro.map(paragraph),
    `<p>${details.map((d) => escapeHtml(d)).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(values.url)}" style="display:inline-block;padding:8px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(m.action)}</a></p>`,
    `<p style="font-size:small">${escapeHtml(values.url)}</p>`,
    ...outro.map(paragraph),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A portal page in a locale: Russian pages live under the `/ru` prefix. */
export function localePageUrl(publicUrl: string, locale: Locale, path: string): string {
  return `${publicUrl.replace(/\/$/, '')}${locale === 'ru' ? '/ru' : ''}${path}`;
}
