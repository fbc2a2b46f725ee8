import { Center, Loader, type LoaderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A loader announced to assistive technology as 'Chargement...'. */
export function Spinner({ centered = false, ...props }: LoaderProps & { centered?: boolean }) {
  const { t } = useTranslation();
  const loader = <Loader role="status" aria-label={t('loading')} type="dots" {...props} />;
  return centered ? <Center py="xl">{loader}</Center> : loader;
}
