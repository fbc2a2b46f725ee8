import { NavLink as MantineNavLink, Stack, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { meQueryOptions } from '../../api/me';
import { NAV_ITEMS } from './nav-items';
import classes from './shell.module.css';

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  // The session's /me as cached (never fetched from here): operators see the admin entry.
  const operator = useQuery({ ...meQueryOptions, enabled: false }).data?.operator === true;
  const items = NAV_ITEMS.filter((item) => operator || !('operatorOnly' in item));
  return (
    <Stack gap={4} component="nav" aria-label={t('nav.label')}>
      {items.map(({ to, labelKey, Icon, end }) => {
        const label = t(labelKey);
        return (
          <NavLink key={to} to={to} end={end} onClick={onNavigate} className={classes.navLink}>
            {({ isActive }) => {
              const item = (
                <MantineNavLink
                  component="span"
                  active={isActive}
                  label={collapsed ? undefined : label}
                  aria-label={collapsed ? label : undefined}
                  leftSection={<Icon size={22} stroke={1.6} />}
                  variant="light"
                  className={classes.navItem}
                  data-collapsed={collapsed || undefined}
                />
              );
              // The label is on screen unless the sidebar is collapsed: only then a tooltip. A
              // disabled Tooltip still builds its floating state, and the seven of them were the
              // costliest part of the dashboard's first render (decision 128).
              return collapsed ? (
                <Tooltip label={label} position="right">
                  {item}
                </Tooltip>
              ) : (
                item
              );
            }}
          </NavLink>
        );
      })}
    </Stack>
  );
}
