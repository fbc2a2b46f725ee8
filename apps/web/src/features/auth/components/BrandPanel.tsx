import { Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAtom2, IconBuildingFactory2, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './auth.module.css';

/** The game's pitch beside the login form (hidden on small screens). */
export function BrandPanel() {
  const { t } = useTranslation('auth');
  return (
    <Stack className={classes.brand} gap="lg">
      <Group gap="sm">
        <svg width={44} height={44} viewBox="0 0 32 32" aria-hidden="true">
          <ellipse
            cx="16"
            cy="16"
            rx="14.5"
            ry="5.5"
            fill="none"
            stroke="var(--mantine-primary-color-4)"
            strokeWidth="1.5"
            transform="rotate(-24 16 16)"
          />
          <circle cx="16" cy="16" r="7.5" fill="var(--mantine-primary-color-5)" />
        </svg>
        <Title order={1} className={classes.logoText}>
          Starhold
        </Title>
      </Group>
      <Text size="xl" fw={500} className={classes.tagline}>
        {t('brand.tagline')}
      </Text>
      <List spacing="md" size="md" center>
        <List.Item
          icon={
            <ThemeIcon variant="light" radius="xl" size="lg">
              <IconBuildingFactory2 size={18} />
            </ThemeIcon>
          }
        >
          {t('brand.economy')}
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon variant="light" radius="xl" size="lg">
              <IconRocket size={18} />
            </ThemeIcon>
          }
        >
          {t('brand.fleet')}
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon variant="light" radius="xl" size="lg">
              <IconAtom2 size={18} />
            </ThemeIcon>
          }
        >
          {t('brand.research')}
        </List.Item>
      </List>
    </Stack>
  );
}
