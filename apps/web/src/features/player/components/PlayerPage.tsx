import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconFlask,
  IconPlanet,
  IconSwords,
  IconTrendingUp,
  IconTrophy,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { StatCard } from '../../../components/StatCard';
import { abbreviateNumber } from '../../../lib/format';
import { usePublicProfile } from '../../../api/accounts';
import { RaceBadge } from '../../../components/RaceBadge';

/**
 * Back to where the profile was opened from: the leaderboard says so, any other screen (a system,
 * a report) is simply "back"; a profile opened directly offers the leaderboard.
 */
function BackLink() {
  const { t } = useTranslation('leaderboard');
  const location = useLocation();
  const navigate = useNavigate();
  const fromLeaderboard = (location.state as { from?: string } | null)?.from === 'leaderboard';
  const common = {
    variant: 'subtle',
    leftSection: <IconArrowLeft size={16} />,
    px: 0,
    w: 'fit-content',
  } as const;
  // The first entry of this tab's history has the key 'default': nothing in the app to go back to.
  if (location.key === 'default') {
    return (
      <Button component={Link} to="/accounts" {...common}>
        {t('profile.toLeaderboard')}
      </Button>
    );
  }
  return (
    <Button onClick={() => void navigate(-1)} {...common}>
      {fromLeaderboard ? t('profile.back') : t('profile.backElsewhere')}
    </Button>
  );
}

/** Another player's public profile (/accounts/{id}). */
export function PlayerPage() {
  const { t } = useTranslation('leaderboard');
  const { id } = useParams();
  const accountId = Number(id);
  const valid = Number.isInteger(accountId) && accountId > 0;
  const profile = usePublicProfile(valid ? accountId : 0);

  if (valid && profile.isPending) return <Spinner centered size="lg" />;
  if (!valid || !profile.data) {
    return (
      <Stack>
        <BackLink />
        <Alert color="red" title={t('profile.notFound')} />
      </Stack>
    );
  }
  const player = profile.data;
  return (
    <Stack gap="lg">
      <BackLink />
      <Card withBorder p="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Title order={1} size="h2">
              {player.username}
            </Title>
            <Group gap="xs">
              <RaceBadge raceId={player.race.id} size="lg" />
              {player.is_me && <Badge variant="outline">{t('profile.isYou')}</Badge>}
            </Group>
          </Stack>
          <Badge size="xl" variant="filled" leftSection={<IconTrophy size={16} />} data-testid="player-rank">
            {t('profile.rank', { rank: player.rank })}
          </Badge>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('columns.total_points')}
          value={abbreviateNumber(player.total_points)}
          icon={<IconTrophy size={22} />}
        />
        <StatCard
          label={t('columns.economy_points')}
          value={abbreviateNumber(player.economy_points)}
          icon={<IconTrendingUp size={22} />}
        />
        <StatCard
          label={t('columns.science_points')}
          value={abbreviateNumber(player.science_points)}
          icon={<IconFlask size={22} />}
        />
        <StatCard
          label={t('columns.military_points')}
          value={abbreviateNumber(player.military_points)}
          icon={<IconSwords size={22} />}
        />
      </SimpleGrid>
      <Card withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('profile.planets')}
        </Title>
        {player.planets.length === 0 ? (
          <Text c="dimmed">{t('profile.noPlanets')}</Text>
        ) : (
          <Table verticalSpacing="sm">
            <Table.Tbody>
              {player.planets.map((planet) => (
                <Table.Tr key={planet.index}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <IconPlanet size={18} />
                      <Text fw={600}>{planet.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/systems/${planet.system.id}`}>
                      {t('profile.system', { name: planet.system.name })}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
