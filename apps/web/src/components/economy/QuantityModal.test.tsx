import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { QuantityModal } from './QuantityModal';

function setup() {
  const onConfirm = vi.fn();
  renderWithApp(
    <QuantityModal
      opened
      title="Commander : Chasseur léger"
      onClose={() => undefined}
      onConfirm={onConfirm}
    />,
  );
  return {
    onConfirm,
    input: screen.getByRole('textbox', { name: 'Quantité' }),
    confirm: screen.getByRole('button', { name: 'Confirmer' }),
  };
}

describe('QuantityModal', () => {
  it('starts at 1 and confirms the typed quantity', async () => {
    const { onConfirm, input, confirm } = setup();
    expect(input).toHaveValue('1');
    await userEvent.clear(input);
    await userEvent.type(input, '5');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(5);
  });

  it('disables confirm below 1 and turns the value back into 1 when the field is left', async () => {
    const { input, confirm } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(confirm).toBeDisabled();
    await userEvent.tab();
    expect(input).toHaveValue('1');
    expect(confirm).toBeEnabled();
  });

  it('disables confirm while the field is empty', async () => {
    const { input, confirm } = setup();
    await userEvent.clear(input);
    expect(confirm).toBeDisabled();
  });
});
