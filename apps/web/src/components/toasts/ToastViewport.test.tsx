import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_APPEAR_DELAY_MS, TOAST_FADE_MS } from '../../lib/toasts';
import { renderWithApp } from '../../test/render';
import { ToastViewport } from './ToastViewport';

const clock = { now: () => Date.parse('2026-11-23T10:15:30Z') };

describe('ToastViewport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const store = createToastStore(clock);
    renderWithApp(<ToastViewport store={store} />);
    return store;
  }

  it('shows a toast after about 100 ms with its title, message and close button', () => {
    const store = setup();
    act(
      () =>
        void store.show({ title: 'Erreur', message: 'Ressource introuvable (code: 1007)', type: 'error' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_APPEAR_DELAY_MS);
    });
    const toast = screen.getByRole('alert', { name: 'Erreur' });
    expect(toast).toHaveTextContent('Ressource introuvable (code: 1007)');
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
  });

  it('hides a toast after its 5000 ms duration and a 300 ms fade', () => {
    const store = setup();
    act(() => void store.show({ title: 'Info', message: 'Bienvenue' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_APPEAR_DELAY_MS + 4999);
    });
    expect(screen.getByRole('status', { name: 'Info' })).not.toHaveAttribute('data-leaving');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status', { name: 'Info' })).toHaveAttribute('data-leaving');
    act(() => {
      vi.advanceTimersByTime(TOAST_FADE_MS);
    });
    expect(screen.queryByRole('status', { name: 'Info' })).not.toBeInTheDocument();
  });

  it('keeps a toast without auto-hide until it is closed', () => {
    const store = setup();
    act(
      () =>
        void store.show({ title: 'Alerte', message: 'Flotte en approche', type: 'warning', autoHide: false }),
    );
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('status', { name: 'Alerte' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_FADE_MS);
    });
    expect(screen.queryByRole('status', { name: 'Alerte' })).not.toBeInTheDocument();
  });

  it("offers 'Effacer tout' only when more than one toast is shown, and it clears them all", () => {
    const store = setup();
    act(() => void store.show({ title: 'Un', message: 'premier', type: 'success', duration: 20_000 }));
    act(() => {
      vi.advanceTimersByTime(TOAST_APPEAR_DELAY_MS);
    });
    expect(screen.queryByRole('button', { name: 'Effacer tout' })).not.toBeInTheDocument();
    act(() => void store.show({ title: 'Deux', message: 'second', type: 'info', duration: 20_000 }));
    act(() => {
      vi.advanceTimersByTime(TOAST_APPEAR_DELAY_MS);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Effacer tout' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_FADE_MS);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Effacer tout' })).not.toBeInTheDocument();
  });

  it('shows the time the toast was raised', () => {
    const store = setup();
    act(() => void store.show({ title: 'Info', message: 'Bonjour' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_APPEAR_DELAY_MS);
    });
    const expected = new Intl.DateTimeFormat('fr-FR', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(clock.now());
    expect(screen.getByRole('status', { name: 'Info' })).toHaveTextContent(expected);
  });
  it('drops every toast at once on reset, entering or leaving, and none comes back', () => {
    const store = setup();
    act(() => void store.show({ title: 'Un', message: 'premier' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_APPEAR_DELAY_MS);
    });
    act(() => void store.show({ title: 'Deux', message: 'second' }));
    act(() => store.dismiss(store.getSnapshot()[0]!.id));
    expect(store.getSnapshot().map((toast) => toast.phase)).toEqual(['leaving', 'entering']);
    act(() => store.reset());
    expect(store.getSnapshot()).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(store.getSnapshot()).toEqual([]);
  });
});
