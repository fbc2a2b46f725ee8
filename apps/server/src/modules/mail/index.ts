/** Account mails: the SMTP transport (or the log) and the texts. */
export { createMailer, DEFAULT_MAIL_FROM, type Mailer, type MailLog, type MailMessage } from './mailer.js';
export { emailChangeMail, passwordResetMail, type MailLanguage } from './templates.js';
