import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export function CommandantsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('screens.commandants')} />;
}
