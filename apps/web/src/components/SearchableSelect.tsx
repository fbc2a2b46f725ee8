import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

export const SEARCH_DEBOUNCE_MS = 1000;

export interface SearchableSelectProps extends Omit<
  SelectProps,
  'searchable' | 'nothingFoundMessage' | 'onSearchChange'
> {
  loading?: boolean;
  /** Receives the typed text once the user pauses for a second. */
  onSearch?: (text: string) => void;
}

/** A searchable select with the French "no options" and "loading" messages (SPEC 2). */
export function SearchableSelect({ loading = false, onSearch, data, ...props }: SearchableSelectProps) {
  const { t } = useTranslation();
  const search = useDebouncedCallback((text: string) => onSearch?.(text), SEARCH_DEBOUNCE_MS);
  return (
    <Select
      searchable
      data={loading ? [] : data}
      nothingFoundMessage={loading ? t('select.loading') : t('select.noOptions')}
      rightSection={loading ? <Spinner size="xs" /> : undefined}
      onSearchChange={search}
      {...props}
    />
  );
}
