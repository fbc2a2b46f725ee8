import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function ResearchPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('screens.research')} />;
}
