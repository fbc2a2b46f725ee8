import { Alert, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { Goal } from '@starhold/contract';
import { IconArrowRight, IconGift, IconTarget } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAfterPaint } from '../../../lib/after-paint';
import { toasts } from '../../../lib/toasts';
import { useClaimGoal, useGoals } from '../api/goals';
import { goalRoute, goalTexts, rewardParts } from '../model/goal-view';
import { appLocale } from '../../../lib/format';

function NextGoal({ goal, raceId, claimable }: { goal: Goal; raceId: number; claimable: number }) {
  const { t, i18n } = useTranslation('goals');
  const claim = useClaimGoal();
  const locale = appLocale(i18n.language);
  const { title, hint } = goalTexts(goal, raceId, t);
  const reward = rewardParts(goal.reward, t, locale);
  const ready = goal.state === 'claimable';
  const others = claimable - (ready ? 1 : 0);
  // Not mutate's own onSuccess: the refreshed goals replace this step (and this component)
  // before it would run. A refusal is already a toast of the API client.
  const onClaim = () => {
    void claim.mutateAsync(goal.id).then(
      () =>
        toasts.show({
          type: 'success',
          title: t('panel.claimed.title'),
          message: t('panel.claimed.message', { goal: title, reward: reward.join(', ') }),
        }),
      () => undefined,
    );
  };
  return (
    <Stack gap="xs" data-testid="next-goal" data-goal={goal.key}>
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        {t('panel.next')}
      </Text>
      <Text fw={700} data-testid="goal-title">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {ready ? t('panel.done') : hint}
      </Text>
      {!ready && (
        <Text size="xs" c="dimmed" data-testid="goal-progress">
          {t('panel.progress', { current: goal.progress.current, target: goal.progress.target })}
        </Text>
      )}
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {t('panel.reward')}
        </Text>
        {reward.map((part) => (
          <Badge key={part} variant="light" color={ready ? 'green' : 'gray'} data-testid="goal-reward">
            {part}
          </Badge>
        ))}
      </Group>
      <Group gap="xs" justify="flex-end">
        {ready ? (
          <Button
            leftSection={<IconGift size={16} />}
            loading={claim.isPending}
            onClick={onClaim}
            aria-label={t('panel.claimLabel', { goal: title })}
          >
            {t('panel.claim')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={goalRoute(goal.link)}
            variant="light"
            rightSection={<IconArrowRight size={16} />}
          >
            {t('panel.go')}
          </Button>
        )}
      </Group>
      {others > 0 && (
        <Text size="xs" c="green">
          {t('panel.more', { count: others })}
        </Text>
      )}
    </Stack>
  );
}

/** The dashboard's goal panel: the next step, its reward, the screen that does it, the claim. */
export function GoalsPanel({ raceId }: { raceId: number }) {
  const { t } = useTranslation('goals');
  // Read once the dashboard's first frame is drawn, like its queues (decision 128).
  const goals = useGoals(useAfterPaint());
  const list = goals.data ?? [];
  const claimed = list.filter((goal) => goal.claimed).length;
  const claimable = list.filter((goal) => goal.state === 'claimable').length;
  const next = list.find((goal) => goal.next);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('panel.title')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconTarget size={18} />
            <Text fw={700}>{t('panel.title')}</Text>
          </Group>
          {goals.data && (
            <Badge variant="light" color="gray" data-testid="goals-count">
              {t('panel.count', { claimed, total: list.length })}
            </Badge>
          )}
        </Group>
        {goals.data && (
          <Progress
            value={list.length === 0 ? 0 : (claimed / list.length) * 100}
            size="sm"
            aria-label={t('panel.count', { claimed, total: list.length })}
          />
        )}
        {goals.isError && <Alert color="red">{t('panel.loadError')}</Alert>}
        {next && <NextGoal key={next.id} goal={next} raceId={raceId} claimable={claimable} />}
        {goals.data && !next && (
          <Text size="sm" c="dimmed">
            {t('panel.allDone')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
