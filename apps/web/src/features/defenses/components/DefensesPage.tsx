import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function DefensesPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('screens.defenses')} />;
}
