import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of the same content. */
  html?: string | null;
}

/** Delivers a message: over SMTP when SMTP_URL is set, otherwise only the outbox row is kept. */
export interface Mailer {
  isSmtp: boolean;
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_URL) {
    return {
      isSmtp: false,
      async deliver(message) {
        // The body can hold a password: only the envelope is logged.
        log.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
      },
      close() {},
    };
  }
  // nodemailer is loaded with the first message, not at start (less heap at rest: bench/README.md, uploads).
  const smtpUrl = config.SMTP_URL;
  let transport: Promise<Transporter> | null = null;
  const open = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)));
  return {
    isSmtp: true,
    async deliver(message) {
      const smtp = await open();
      await smtp.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close() {
      // A transport still being opened is closed once it is there; one that failed has nothing to close.
      transport?.then((t) => t.close()).catch(() => undefined);
    },
  };
}
