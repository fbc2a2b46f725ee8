/** The texts of the account mails, in the player's language (from the request's Accept-Language). */
export type MailLanguage = 'fr' | 'en';

export interface MailText {
  subject: string;
  text: string;
}

export function passwordResetMail(language: MailLanguage, username: string, link: string): MailText {
  if (language === 'en') {
    return {
      subject: 'Starhold: reset your password',
      text: `Hello ${username},\n\nSomeone (hopefully you) asked to reset the password of your Starhold account.\nFollow this link within 30 minutes to choose a new one (it works once):\n\n${link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.\n`,
    };
  }
  return {
    subject: 'Starhold : réinitialisez votre mot de passe',
    text: `Bonjour ${username},\n\nQuelqu'un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Starhold.\nSuivez ce lien dans les 30 minutes pour en choisir un nouveau (il ne sert qu'une fois) :\n\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.\n`,
  };
}

export function emailChangeMail(language: MailLanguage, username: string, link: string): MailText {
  if (language === 'en') {
    return {
      subject: 'Starhold: confirm your new email address',
      text: `Hello ${username},\n\nFollow this link within 30 minutes to make this address the email of your Starhold account (it works once):\n\n${link}\n\nIf you did not ask for it, ignore this mail.\n`,
    };
  }
  return {
    subject: 'Starhold : confirmez votre nouvelle adresse email',
    text: `Bonjour ${username},\n\nSuivez ce lien dans les 30 minutes pour que cette adresse devienne l'email de votre compte Starhold (il ne sert qu'une fois) :\n\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message.\n`,
  };
}
