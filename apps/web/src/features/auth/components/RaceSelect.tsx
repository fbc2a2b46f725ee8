import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRaces } from '../api/races';
import { InfoTip } from '../../../components/InfoTip';
import { raceName } from '../../../lib/names';

export interface RaceSelectProps {
  value: string | null;
  onChange: (raceId: string | null) => void;
  onBlur?: () => void;
  feedback?: string;
}

/** Loads GET /lists/races the first time its menu opens; invalid when that load fails. */
export function RaceSelect({ value, onChange, onBlur, feedback }: RaceSelectProps) {
  const { t } = useTranslation('auth');
  const [opened, setOpened] = useState(false);
  const races = useRaces(opened);
  const data = (races.data ?? []).map((race) => ({
    value: String(race.id),
    label: raceName(t, race.id, race.name),
  }));
  const loadFailed = races.isError;
  return (
    <Select
      label={
        // What the choice changes: in a tooltip, and under the field once a race is chosen (issue 26).
        <Group gap={4} component="span" wrap="nowrap" display="inline-flex">
          {t('register.race')}
          <InfoTip
            label={t('common:help.label', { subject: t('register.race') })}
            text={t('common:help.races')}
            testId="race-help"
          />
        </Group>
      }
      description={value === '1' || value === '2' ? t(`common:help.race.${value}`) : undefined}
      placeholder={t('register.racePlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={races.isFetching ? t('common:select.loading') : t('common:select.noOptions')}
      error={loadFailed ? t('register.racesFailed') : feedback}
      aria-invalid={loadFailed || Boolean(feedback) || undefined}
      required
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
