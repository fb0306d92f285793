import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when that is not the sender (a contact message is answered to whoever wrote it). */
  replyTo?: string;
  /**
   * Extra header lines: a list's mail (the digest) carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058);
   * security mail (verification, password reset, sign-in and address notices) carries none, so it cannot be
   * switched off by a click.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends through SMTP when configured; otherwise writes the message to the log, so local sign-up flows still work. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'mail (no SMTP_URL set)',
        );
      },
      close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  // The mail library is loaded with the first message, not with every start.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    async send(message) {
      await (await open()).sendMail({ from: options.from, ...message });
    },
    close() {
      void transport?.then((opened) => {
        opened.close();
      });
    },
  };
}
