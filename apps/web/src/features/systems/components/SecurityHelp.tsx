import { useTranslation } from 'react-i18next';
import { InfoTip } from '../../../components/InfoTip';
import { securityName, securityTone } from '../../../lib/names';

/** What a security band allows (attacks, pirates), behind an info icon beside its label (issue 26). */
export function SecurityHelp({ name }: { name: string }) {
  const { t } = useTranslation();
  const tone = securityTone(name);
  return (
    <InfoTip
      label={t('common:help.label', { subject: securityName(t, name) })}
      text={t(`common:help.securityBand.${tone}`)}
      testId={`security-help-${tone}`}
    />
  );
}
