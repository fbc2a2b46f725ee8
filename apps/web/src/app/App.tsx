import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { setUnauthenticatedHandler } from '../lib/api';
import { i18n } from '../lib/i18n-instance';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createAppRouter();
    setUnauthenticatedHandler(() => {
      if (!created.state.location.pathname.startsWith('/login')) void created.navigate('/login', { replace: true });
    });
    return created;
  });
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
