/**
 * Issue 22 in the browser, against a server of its own whose mail goes to an SMTP server in this
 * process: the reset link from "forgot password", the sessions list and "sign out everywhere
 * else", the email change link, and the deletion of the account.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { freePort, startServer, type ServerProcess } from '../../tools/server-process.js';
import { expect, newPlayer, test, type Player } from './helpers';

test.describe.configure({ mode: 'serial' });

interface Mail {
  to: string[];
  text: string;
}

const mails: Mail[] = [];
let smtp: SMTPServer;
let server: ServerProcess;

/** Quoted-printable as nodemailer writes French text: soft breaks and =XX bytes. */
function decode(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

async function linkFor(address: string, path: string, after: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const mail = mails.slice(after).find((m) => m.to.includes(address));
      found = mail
        ? new RegExp(`https?://[^\\s]+/${path}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0]
        : undefined;
      return found;
    })
    .toBeTruthy();
  return found ?? '';
}

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: decode(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const port = await freePort();
  server = await startServer({
    name: 'accounts server',
    port,
    echoStderr: true,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'starhold-accounts-')),
      LOG_LEVEL: 'warn',
      SYSTEM_COUNT: '20',
      RATE_LIMIT_PER_MINUTE: '100000',
      REGISTRATIONS_PER_HOUR: '0',
      EVENT_STREAMS_PER_ADDRESS: '0',
      VERIFY_RESPONSES: 'on',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Starhold <game@example.org>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function browserFor(
  browser: Browser,
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.origin,
    locale: 'fr-FR',
    ...(userAgent ? { userAgent } : {}),
  });
  await context.addInitScript(() => window.localStorage.setItem('starhold.language', 'fr'));
  return { context, page: await context.newPage() };
}

async function registerByApi(context: BrowserContext, player: Player): Promise<void> {
  const response = await context.request.post('/api/v1/auth/register', {
    data: { email: player.email, username: player.username, password: player.password, race_id: 1 },
  });
  expect(response.status()).toBe(201);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('forgot password: the mailed link sets a new password once, and the old one no longer signs in', async ({
  browser,
}) => {
  const player = newPlayer('reset');
  const { context, page } = await browserFor(browser);
  await registerByApi(context, player);
  await context.clearCookies();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(player.email);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  const modal = page.getByRole('dialog', { name: 'Mot de passe oublié ?' });
  await expect(modal.getByRole('textbox', { name: 'Email' })).toHaveValue(player.email);
  const before = mails.length;
  await modal.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(modal.getByText('Consultez votre messagerie')).toBeVisible();
  const link = await linkFor(player.email, 'reset-password', before);

  await page.goto(link);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('weakpass1');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('weakpass1');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le mot de passe doit contenir au moins une majuscule')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Nebula2026');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Nebula2026');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mot de passe changé')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Another2026');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Another2026');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("Ce lien n'est plus valable (déjà utilisé ou expiré)")).toBeVisible();

  await signIn(page, player.email, player.password);
  await expect(page.getByText('Email ou mot de passe inconnu').first()).toBeVisible();
  await signIn(page, player.email, 'Nebula2026');
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('sessions: the profile lists both browsers; "sign out everywhere else" sends the other to login', async ({
  browser,
}) => {
  const player = newPlayer('sess');
  const phone = await browserFor(
    browser,
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  );
  await registerByApi(phone.context, player);
  await phone.page.goto('/');
  await expect(phone.page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();

  const desk = await browserFor(browser);
  await signIn(desk.page, player.email, player.password);
  await expect(desk.page).toHaveURL(/\/$/);
  await desk.page.goto('/profile');
  const rows = desk.page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Ce navigateur');
  await expect(rows.nth(1)).toContainText('Chrome, Android');
  await expect(rows.nth(1)).toContainText('127.0.0.1');
  await desk.page.getByRole('button', { name: 'Déconnecter partout ailleurs' }).click();
  await expect(rows).toHaveCount(1);

  await phone.page.goto('/profile');
  await expect(phone.page).toHaveURL(/\/login$/);
  await phone.context.close();
  await desk.context.close();
});

test('email change: the link goes to the new address and changes the email when followed', async ({
  browser,
}) => {
  const player = newPlayer('mail');
  const { context, page } = await browserFor(browser);
  await registerByApi(context, player);
  await page.goto('/profile');
  await page.getByRole('button', { name: "Changer d'email" }).click();
  const modal = page.getByRole('dialog', { name: "Changer d'email" });
  const newEmail = `new-${player.email}`;
  await modal.getByRole('textbox', { name: 'Nouvel email' }).fill(newEmail);
  await modal.getByRole('textbox', { name: 'Mot de passe' }).fill('NotMine123');
  const before = mails.length;
  await modal.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(modal.getByText('Mot de passe incorrect')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Mot de passe' }).fill(player.password);
  await modal.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(modal.getByText('Confirmez la nouvelle adresse')).toBeVisible();
  const link = await linkFor(newEmail, 'confirm-email', before);
  await page.goto(link);
  await expect(page.getByText('Email changé')).toBeVisible();
  await page.getByRole('link', { name: 'Aller au jeu' }).click();
  await page.goto('/profile');
  await expect(page.getByText(newEmail)).toBeVisible();
  await context.close();
});

test('delete account: after the password, the player lands on login and can no longer sign in', async ({
  browser,
}) => {
  const player = newPlayer('del');
  const { context, page } = await browserFor(browser);
  await registerByApi(context, player);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const modal = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await modal.getByRole('textbox', { name: 'Mot de passe' }).fill('NotMine123');
  await modal.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(modal.getByText('Mot de passe incorrect')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Mot de passe' }).fill(player.password);
  await modal.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, player.email, player.password);
  await expect(page.getByText('Email ou mot de passe inconnu').first()).toBeVisible();
  await context.close();
});
