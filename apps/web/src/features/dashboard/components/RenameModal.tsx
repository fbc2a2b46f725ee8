import { Button, Group, Stack, TextInput } from '@mantine/core';
import { PLANET_NAME_MAX } from '@starhold/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { isValidPlanetName, useRenamePlanet } from '../api/rename-planet';

interface RenameModalProps {
  opened: boolean;
  currentName: string;
  onClose: () => void;
}

/** Renames the focus planet: 3 to 20 characters, else 'Veuillez entrer un nom valide'. */
export function RenameModal({ opened, currentName, onClose }: RenameModalProps) {
  const { t } = useTranslation('economy');
  const [name, setName] = useState(currentName);
  const [touched, setTouched] = useState(false);
  const rename = useRenamePlanet();
  const valid = isValidPlanetName(name);
  const submit = () => {
    setTouched(true);
    if (!valid) return;
    rename.mutate(name, { onSuccess: onClose });
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={t('dashboard.rename')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('dashboard.renameLabel')}
            value={name}
            maxLength={PLANET_NAME_MAX + 10}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setTouched(true);
            }}
            error={touched && !valid ? t('dashboard.renameInvalid') : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!valid}>
              {t('dashboard.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
