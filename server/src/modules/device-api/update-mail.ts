import type { MailMessage } from '../../lib/mailer.js';

export interface UpdatedCell {
  name: string;
  edition: number;
  update: number;
}

/** The "new chart data" mail in the recipient's language (ru or en). */
export function composeUpdateMail(opts: {
  to: string;
  locale: string;
  geocontentTitle: string;
  cells: UpdatedCell[];
  publicUrl: string;
}): MailMessage {
  const list = opts.cells.map((c) => `  ${c.name}  ${c.edition}.${c.update}`).join('\n');
  if (opts.locale === 'ru') {
    return {
      to: opts.to,
      subject: `Обновление карт: ${opts.geocontentTitle}`,
      text:
        `Здравствуйте!\n\nВ «${opts.geocontentTitle}» вышли новые данные для ваших устройств (ячейка, издание.корректура):\n\n${list}\n\n` +
        `Навигационное приложение загрузит их при следующей синхронизации.\nЛичный кабинет: ${opts.publicUrl}/ru/user\n`,
    };
  }
  return {
    to: opts.to,
    subject: `Chart updates: ${opts.geocontentTitle}`,
    text:
      `Hello,\n\nNew chart data is out in "${opts.geocontentTitle}" for your devices (cell, edition.update):\n\n${list}\n\n` +
      `Your navigation app fetches it at its next sync.\nYour cabinet: ${opts.publicUrl}/user\n`,
  };
}
