import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface AppModalProps extends Omit<
  ModalProps,
  'withCloseButton' | 'closeOnEscape' | 'closeOnClickOutside'
> {
  /** Each way of closing can be turned off; all are on by default. */
  closeButton?: boolean;
  closeOnEscape?: boolean;
  closeOnBackdrop?: boolean;
}

/** The shared modal: close button, Escape and backdrop click close it; page scroll is locked. */
export function AppModal({
  closeButton = true,
  closeOnEscape = true,
  closeOnBackdrop = true,
  ...props
}: AppModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      withCloseButton={closeButton}
      closeOnEscape={closeOnEscape}
      closeOnClickOutside={closeOnBackdrop}
      lockScroll
      closeButtonProps={{ 'aria-label': t('close') }}
      {...props}
    />
  );
}
