import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server in this process, on a free loopback port, keeping what it receives. */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The password line of a Chartroom mail (quoted-printable soft breaks undone). */
export function passwordFrom(raw: string): string {
  const text = raw.includes('Content-Type:') ? plainTextOf(raw) : raw;
  const match = /(?:Password|Пароль): (\S+)/.exec(text);
  if (!match?.[1]) throw new Error('no password in the mail');
  return match[1];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** One part of a received mail (`text/plain` or `text/html`), its transfer encoding undone. */
export function mailPart(raw: string, type: 'text/plain' | 'text/html'): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1) : [raw];
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    const headers = boundary ? part.slice(0, at) : head;
    const body = boundary ? part.slice(at).replace(/^\r?\n\r?\n/, '') : rest.join('\n\n');
    if (!new RegExp(`content-type:\\s*${type}`, 'i').test(headers)) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase() ?? '7bit';
    return decodeBody(body, encoding);
  }
  throw new Error(`no ${type} part in the mail`);
}

/** A mail's plain-text part, decoded. */
export function plainTextOf(raw: string): string {
  return mailPart(raw, 'text/plain');
}

/** The reset link of a Chartroom password-reset mail. */
export function resetLinkFrom(raw: string): URL {
  const match = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(plainTextOf(raw));
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return new URL(match[1]);
}
