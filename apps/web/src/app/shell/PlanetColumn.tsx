import { Badge, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlanet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/me';
import { usePlanets, useSwitchPlanet } from '../../api/planets';
import { Spinner } from '../../components/Spinner';
import classes from './shell.module.css';

/** The right column of the main layout: the player's planets, one click to focus one. */
export function PlanetColumn() {
  const { t } = useTranslation();
  const planets = usePlanets();
  const me = useMe();
  const switchPlanet = useSwitchPlanet();
  return (
    <Stack gap="xs">
      <Title order={6} tt="uppercase" c="dimmed" lts={1.5}>
        {t('planets.title')}
      </Title>
      {planets.isPending && <Spinner size="sm" />}
      {planets.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('planets.empty')}
        </Text>
      )}
      {planets.data?.map((planet) => {
        const focused = planet.index === me.data?.focus_planet_index;
        return (
          <UnstyledButton
            key={planet.id}
            className={classes.planetCard}
            data-active={focused || undefined}
            aria-current={focused || undefined}
            disabled={switchPlanet.isPending}
            onClick={() => !focused && switchPlanet.mutate(planet.index)}
          >
            <IconPlanet size={26} stroke={1.4} className={classes.planetIcon} />
            <div style={{ minWidth: 0, flex: 1 }}>
              {/* Whole names, wrapped: a 20-character name was cut to "Planète …" at 1280 px. */}
              <Text size="sm" fw={600} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
                {planet.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {planet.system.name}
              </Text>
            </div>
            {focused && (
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                {t('planets.focus')}
              </Badge>
            )}
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
