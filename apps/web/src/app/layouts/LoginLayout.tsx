import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/Spinner';

/** No header: the login and terms pages over the starfield. */
export function LoginLayout() {
  return (
    <main className="login-layout">
      <Suspense fallback={<Spinner centered size="lg" />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
