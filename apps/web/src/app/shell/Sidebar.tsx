import { NavLink as MantineNavLink, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from './nav-items';
import classes from './shell.module.css';

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="nav" aria-label={t('nav.label')}>
      {NAV_ITEMS.map(({ to, labelKey, Icon, end }) => {
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
