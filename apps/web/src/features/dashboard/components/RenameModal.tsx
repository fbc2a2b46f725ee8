import { Button, Group, Stack, TextInput } from '@mantine/core';
import { PLANET_NAME_MAX, PLANET_NAME_MIN } from '@starhold/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { toasts } from '../../../lib/toasts';
import { isValidPlanetName, useRenamePlanet } from '../api/rename-planet';

interface RenameModalProps {
  opened: boolean;
  currentName: string;
  onClose: () => void;
}

/**
 * Renames the focus planet: 3 to 20 characters (the rule and a counter show under the field, the
 * field takes no more than 20), else 'Veuillez entrer un nom valide'; a toast confirms.
 */
export function RenameModal({ opened, currentName, onClose }: RenameModalProps) {
  const { t } = useTranslation('economy');
  const [name, setName] = useState(currentName);
  const [touched, setTouched] = useState(false);
  const rename = useRenamePlanet();
  const valid = isValidPlanetName(name);
  const submit = () => {
    setTouched(true);
    if (!valid) return;
    rename.mutate(name, {
      onSuccess: () => {
        toasts.show({
          type: 'success',
          title: t('dashboard.renamed'),
          message: t('dashboard.renamedMessage', { name: name.trim() }),
        });
        onClose();
      },
    });
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
            maxLength={PLANET_NAME_MAX}
            description={t('dashboard.renameRule', {
              min: PLANET_NAME_MIN,
              max: PLANET_NAME_MAX,
              length: name.trim().length,
            })}
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
