import { useLocation } from 'react-router';
import { ConfirmEmailPage } from './ConfirmEmailPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

/** The signed-out screens: sign-in, and the pages the account mails link to. */
export function AuthScreen() {
  const { pathname } = useLocation();
  if (pathname === '/login/reset-password') return <ResetPasswordPage />;
  if (pathname === '/login/confirm-email') return <ConfirmEmailPage />;
  return <LoginPage />;
}
