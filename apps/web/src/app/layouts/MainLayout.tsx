import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useFocusPlanet } from '../../api/planets';
import { ResourceStrip } from '../../components/ResourceStrip';
import { Spinner } from '../../components/Spinner';
import { useAfterPaint } from '../../lib/after-paint';
import { useLiveEvents } from '../../lib/live-events';
import { AppHeader } from '../shell/AppHeader';
import { PlanetColumn } from '../shell/PlanetColumn';
import { Sidebar } from '../shell/Sidebar';
import classes from '../shell/shell.module.css';

function TopResourceStrip() {
  const planet = useFocusPlanet();
  return (
    <div className={classes.resourceBar}>
      <ResourceStrip resources={planet.data?.resources} />
    </div>
  );
}

/**
 * A column's scrolling section. Mantine's ScrollArea keeps its elements in state, set as they
 * mount: React renders that synchronously, before the first frame, with the first render's
 * passive effects run first (decision 202). The first frame draws the section without it (its
 * scrollbars only show on hover); the ScrollArea replaces it once that frame is drawn.
 */
function ScrollSection({ children }: { children: ReactNode }) {
  const painted = useAfterPaint();
  return painted ? (
    <AppShell.Section grow component={ScrollArea}>
      {children}
    </AppShell.Section>
  ) : (
    <AppShell.Section grow className={classes.scrollPending}>
      {children}
    </AppShell.Section>
  );
}

/** Header, sidebar, right column of planets and the top resource strip. */
export function MainLayout() {
  useLiveEvents();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopCollapsed, setDesktopCollapsed] = useLocalStorage({
    key: 'starhold.sidebar-collapsed',
    defaultValue: false,
  });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: desktopCollapsed ? 76 : 232, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      aside={{ width: 240, breakpoint: 'md', collapsed: { desktop: false, mobile: true } }}
      padding="md"
    >
      <AppShell.Header className={classes.header}>
        <AppHeader
          toggles={{
            mobileOpened,
            toggleMobile,
            desktopCollapsed,
            toggleDesktop: () => setDesktopCollapsed((collapsed) => !collapsed),
          }}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" className={classes.navbar}>
        <ScrollSection>
          <Sidebar collapsed={desktopCollapsed && !mobileOpened} onNavigate={closeMobile} />
        </ScrollSection>
      </AppShell.Navbar>
      <AppShell.Aside p="md" className={classes.aside}>
        <ScrollSection>
          <PlanetColumn />
        </ScrollSection>
      </AppShell.Aside>
      <AppShell.Main className={classes.main}>
        <TopResourceStrip />
        <Suspense fallback={<Spinner centered size="lg" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
