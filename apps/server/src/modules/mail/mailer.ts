/**
 * Account mails (issue 22): through nodemailer to SMTP_URL from MAIL_FROM; without SMTP_URL the
 * server writes the link to its log at warn level, so a local game still works (decision 213).
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the mail carries: logged instead of sent when no SMTP server is configured. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const DEFAULT_MAIL_FROM = 'Starhold <no-reply@localhost>';

export function createMailer(
  options: { smtpUrl?: string | undefined; mailFrom?: string | undefined },
  log: MailLog,
): Mailer {
  const from = options.mailFrom ?? DEFAULT_MAIL_FROM;
  if (options.smtpUrl === undefined) {
    return {
      send(message) {
        log.warn({ to: message.to, link: message.link }, `no SMTP_URL: mail "${message.subject}" not sent`);
        return Promise.resolve();
      },
    };
  }
  // Bounded waits: an unreachable mail server must not hold a request's mail, or a shutdown, for minutes.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
