import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { raceName } from '../lib/names';

const RACE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'grape' };

export function RaceBadge({ raceId, size = 'sm' }: { raceId: number; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="light" color={RACE_COLORS[raceId] ?? 'gray'}>
      {raceName(t, raceId)}
    </Badge>
  );
}
