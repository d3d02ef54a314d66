import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config';
import { writeToOutbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends the message (or writes it to the outbox); throws MailError when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export class MailError extends Error {
  /** The server refused the recipient for good (550-553: no such mailbox, not allowed): retrying cannot help. */
  readonly permanent: boolean;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
    const code = (options?.cause as { responseCode?: unknown } | undefined)?.responseCode;
    this.permanent = typeof code === 'number' && code >= 550 && code <= 553;
  }
}

/**
 * Mail through nodemailer: over SMTP when SMTP_URL is set, else rendered to a real .eml file in DATA_DIR/outbox/
 * (recipient and subject logged), so development shows exactly what a customer would receive.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const defaults = { from: config.mail.from };
  if (config.mail.smtpUrl) {
    const transport = createTransport(
      {
        url: config.mail.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      defaults,
    );
    return {
      async send(message) {
        try {
          await transport.sendMail(message);
        } catch (err) {
          throw new MailError(`SMTP refused or did not answer: ${(err as Error).message}`, { cause: err });
        }
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const renderer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, defaults);
  return {
    async send(message) {
      try {
        const info = await renderer.sendMail(message);
        const file = await writeToOutbox(config.dataDir, 'mail', 'eml', info.message as Buffer);
        log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
      } catch (err) {
        throw new MailError(`could not write the mail to the outbox: ${(err as Error).message}`, {
          cause: err,
        });
      }
    },
    close: () => renderer.close(),
  };
}
