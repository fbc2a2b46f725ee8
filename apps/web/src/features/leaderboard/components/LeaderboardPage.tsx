import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function LeaderboardPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('screens.leaderboard')} />;
}
