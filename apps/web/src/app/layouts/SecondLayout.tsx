import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useLiveEvents } from '../../lib/live-events';
import { AppHeader } from '../shell/AppHeader';
import classes from '../shell/shell.module.css';

/** Header and content, without sidebar or planet column (emails, systems). */
export function SecondLayout() {
  useLiveEvents();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header className={classes.header}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Suspense fallback={<Spinner centered size="lg" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
