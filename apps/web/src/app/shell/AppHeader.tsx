import {
  ActionIcon,
  Box,
  Avatar,
  Burger,
  Button,
  Group,
  Indicator,
  Loader,
  Menu,
  SegmentedControl,
  SimpleGrid,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconApps,
  IconBell,
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMail,
  IconPlanet,
  IconTrophy,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { IdleAlert } from '@starhold/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../api/auth';
import { useUnreadEmails } from '../../api/emails';
import { emailTexts, type EmailTextContext } from '../../lib/email-texts';
import { useMe } from '../../api/me';
import { usePlanets, useSwitchPlanet } from '../../api/planets';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n-core';
import { useAfterPaint, useFloatingAfterPaint } from '../../lib/after-paint';
import { Logo } from '../../components/Logo';
import { HeaderSearch } from './HeaderSearch';
import classes from './shell.module.css';

/** Loaded after the first paint, like the fleets' badge: the bell's idle alerts (features/goals). */
const IdleAlertsWatcher = lazy(() =>
  import('../../features/goals').then((goals) => ({ default: goals.IdleAlertsWatcher })),
);
const IdleAlertsMenuItems = lazy(() =>
  import('../../features/goals').then((goals) => ({ default: goals.IdleAlertsMenuItems })),
);

/** Loaded after the first paint: the fleets feature stays out of the first screen's bundle. */
const HostileFleetsBadge = lazy(() =>
  import('../../features/fleets').then((fleets) => ({ default: fleets.HostileFleetsBadge })),
);

function HostileFleetsWarning() {
  const painted = useAfterPaint();
  return painted ? (
    <Suspense fallback={null}>
      <HostileFleetsBadge />
    </Suspense>
  ) : null;
}

export interface SidebarToggles {
  mobileOpened: boolean;
  toggleMobile: () => void;
  desktopCollapsed: boolean;
  toggleDesktop: () => void;
}

function AppLauncher() {
  const { t } = useTranslation();
  const { built, openedFirst, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const target = (
    <ActionIcon ref={targetRef} variant="subtle" color="gray" size="lg" aria-label={t('header.apps')}>
      <IconApps size={20} />
    </ActionIcon>
  );
  // The header's menus and tooltips are built once the first frame is drawn (decision 202).
  if (!built) return before(target, 'menu');
  return (
    <Menu position="bottom-start" width={240} shadow="lg" defaultOpened={openedFirst}>
      <Menu.Target>
        <Tooltip label={t('header.apps')}>{target}</Tooltip>
      </Menu.Target>
      <Menu.Dropdown p="xs">
        <SimpleGrid cols={2} spacing="xs">
          <Menu.Item component={Link} to="/accounts" className={classes.launcherTile}>
            <IconTrophy size={26} stroke={1.5} />
            <Text size="xs" fw={600}>
              {t('header.accounts')}
            </Text>
          </Menu.Item>
          <Menu.Item component={Link} to="/systems" className={classes.launcherTile}>
            <IconWorld size={26} stroke={1.5} />
            <Text size="xs" fw={600}>
              {t('header.systems')}
            </Text>
          </Menu.Item>
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}

/** One unread email of the bell menu: its own component, so its text is only built when the menu is open. */
function UnreadEmailLine({
  email,
  textContext,
}: {
  email: { title: string; params?: string | null; created_at: string };
  textContext: EmailTextContext;
}) {
  return (
    <>
      <Text size="sm" truncate>
        {emailTexts(email, textContext).title}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(email.created_at)}
      </Text>
    </>
  );
}

function NotificationsMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const count = me.data?.email_not_read_count ?? 0;
  const [alerts, setAlerts] = useState<IdleAlert[]>([]);
  const painted = useAfterPaint();
  // The list is read the first time the menu opens, then kept fresh by the invalidations of
  // ['me'] (a pushed email, a read): the count alone comes with /me, which every screen loads.
  const [opened, setOpened] = useState(false);
  const { built, openedFirst, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const unread = useUnreadEmails({ enabled: (opened || openedFirst) && count > 0 });
  const emails = count > 0 ? (unread.data ?? []) : [];
  const textContext = { t, raceId: me.data?.race.id ?? 1, formatDate: (iso: string) => formatDateTime(iso) };
  const bell = (
    <ActionIcon
      ref={targetRef}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('header.notifications')}
    >
      <IconBell size={20} />
    </ActionIcon>
  );
  const indicator = (target: ReactNode) => (
    <Indicator
      disabled={count + alerts.length === 0}
      label={count + alerts.length}
      size={16}
      offset={6}
      color="red"
    >
      {target}
      {painted && (
        <Suspense fallback={null}>
          <IdleAlertsWatcher onChange={setAlerts} />
        </Suspense>
      )}
    </Indicator>
  );
  // Built once the first frame is drawn (decision 202).
  if (!built) return indicator(before(bell, 'menu'));
  return (
    <Menu
      position="bottom-end"
      width={300}
      shadow="lg"
      defaultOpened={openedFirst}
      onOpen={() => setOpened(true)}
    >
      {/* The menu's target is the button itself: a div carrying aria-expanded is not allowed (axe). */}
      {indicator(<Menu.Target>{bell}</Menu.Target>)}
      <Menu.Dropdown>
        {alerts.length > 0 && (
          <Suspense fallback={null}>
            <IdleAlertsMenuItems alerts={alerts} />
          </Suspense>
        )}
        <Menu.Label>{t('header.unreadEmails')}</Menu.Label>
        {count > 0 && unread.isPending && (
          <Group justify="center" py="xs">
            <Loader size="xs" aria-label={t('header.loadingUnread')} />
          </Group>
        )}
        {(count === 0 || (unread.isSuccess && emails.length === 0)) && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('header.noUnread')}
          </Text>
        )}
        {emails.map((email) => (
          <Menu.Item
            key={email.id}
            component={Link}
            to={`/emails?id=${email.id}`}
            leftSection={<IconMail size={16} />}
          >
            <UnreadEmailLine email={email} textContext={textContext} />
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/emails" ta="center" c="var(--mantine-primary-color-filled)">
          {t('header.seeAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function PlanetsMenu() {
  const { t } = useTranslation();
  const planets = usePlanets();
  const me = useMe();
  const switchPlanet = useSwitchPlanet();
  const { built, openedFirst, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const focused = planets.data?.find((planet) => planet.index === me.data?.focus_planet_index);
  const target = (
    <Button
      ref={targetRef}
      variant="default"
      size="sm"
      leftSection={<IconPlanet size={18} />}
      rightSection={<IconChevronDown size={14} />}
      loading={switchPlanet.isPending}
      className={classes.planetButton}
    >
      {/* Named by its text, not an aria-label that would hide the visible name (axe). */}
      {focused && <VisuallyHidden>{t('header.planets')}</VisuallyHidden>}
      <Text size="sm" truncate maw={120} visibleFrom="sm">
        {focused?.name ?? t('header.planets')}
      </Text>
      {!focused && <VisuallyHidden hiddenFrom="sm">{t('header.planets')}</VisuallyHidden>}
    </Button>
  );
  // Built once the first frame is drawn (decision 202).
  if (!built) return before(target, 'menu');
  return (
    <Menu position="bottom" width={240} shadow="lg" defaultOpened={openedFirst}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('planets.title')}</Menu.Label>
        {planets.data?.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('planets.empty')}
          </Text>
        )}
        {planets.data?.map((planet) => (
          <Menu.Item
            key={planet.id}
            leftSection={<IconPlanet size={16} />}
            disabled={planet.index === me.data?.focus_planet_index}
            onClick={() => switchPlanet.mutate(planet.index)}
          >
            {planet.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function UserMenu() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  const { built, openedFirst, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const username = me.data?.username ?? '';
  const target = (
    <UnstyledButton ref={targetRef} className={classes.userButton}>
      <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
      <Avatar color="initials" name={username} size={32} radius="xl" aria-hidden />
      <Text size="sm" fw={600} visibleFrom="sm" truncate maw={120}>
        {username}
      </Text>
      <IconChevronDown size={14} />
    </UnstyledButton>
  );
  // Built once the first frame is drawn (decision 202).
  if (!built) return before(target, 'menu');
  return (
    <Menu position="bottom-end" width={240} shadow="lg" closeOnItemClick defaultOpened={openedFirst}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{username}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('header.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('header.language')}</Menu.Label>
        <SegmentedControl
          fullWidth
          size="xs"
          mx="xs"
          mb="xs"
          aria-label={t('header.language')}
          value={currentLanguage(i18n)}
          onChange={(language) => void i18n.changeLanguage(language)}
          data={[
            { value: 'fr', label: 'Français' },
            { value: 'en', label: 'English' },
          ]}
        />
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function SidebarToggleButton({ toggles }: { toggles: SidebarToggles }) {
  const { t } = useTranslation();
  const { built, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const button = (
    <ActionIcon
      ref={targetRef}
      variant="subtle"
      color="gray"
      size="lg"
      onClick={toggles.toggleDesktop}
      visibleFrom="sm"
      aria-label={t('header.toggleSidebar')}
    >
      {toggles.desktopCollapsed ? (
        <IconLayoutSidebarLeftExpand size={20} />
      ) : (
        <IconLayoutSidebarLeftCollapse size={20} />
      )}
    </ActionIcon>
  );
  // The tooltip is built once the first frame is drawn (decision 202).
  return built ? <Tooltip label={t('header.toggleSidebar')}>{button}</Tooltip> : before(button);
}

/** The header of the main and second layouts (SPEC 2 "Layout elements"). */
export function AppHeader({ toggles }: { toggles?: SidebarToggles }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap">
        {toggles && (
          <>
            <Burger
              opened={toggles.mobileOpened}
              onClick={toggles.toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.toggleSidebar')}
            />
            <SidebarToggleButton toggles={toggles} />
          </>
        )}
        <Link to="/" className={classes.brand} aria-label="Starhold">
          <Logo compactOnMobile />
        </Link>
        <Text size="xs" c="dimmed" ff="monospace" visibleFrom="sm" className={classes.version}>
          v{__APP_VERSION__}
        </Text>
        {/* Phones reach the map and the leaderboard from the sidebar: the header keeps its room. */}
        <Box visibleFrom="sm">
          <AppLauncher />
        </Box>
        <HeaderSearch />
      </Group>
      <Group gap={6} wrap="nowrap">
        <HostileFleetsWarning />
        <PlanetsMenu />
        <NotificationsMenu />
        <UserMenu />
      </Group>
    </Group>
  );
}
