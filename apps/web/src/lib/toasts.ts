import { systemClock, type Clock } from './clock';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** SPEC 3 Toast, plus when it was raised and where it is in its life. */
export interface Toast {
  id: string;
  title: string;
  message: string;
  type: ToastType;
  duration: number;
  autoHide: boolean;
  createdAt: number;
  /** entering: raised but not shown yet; visible; leaving: fading out before removal. */
  phase: 'entering' | 'visible' | 'leaving';
}

export interface ToastInput {
  title: string;
  message: string;
  type?: ToastType;
  duration?: number;
  autoHide?: boolean;
}

export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_APPEAR_DELAY_MS = 100;
export const TOAST_FADE_MS = 300;

export interface ToastStore {
  // Function properties, not methods: the store's closures are handed around unbound
  // (useSyncExternalStore, onClick).
  show: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  clearAll: () => void;
  /** Drops every toast at once, without fading, and cancels their timers: a fresh start. */
  reset: () => void;
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
}

export function createToastStore(clock: Clock = systemClock): ToastStore {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>[]>();

  const emit = () => listeners.forEach((listener) => listener());
  const update = (id: string, change: Partial<Toast>) => {
    toasts = toasts.map((toast) => (toast.id === id ? { ...toast, ...change } : toast));
    emit();
  };
  const later = (id: string, delay: number, run: () => void) => {
    timers.set(id, [...(timers.get(id) ?? []), setTimeout(run, delay)]);
  };
  const remove = (id: string) => {
    timers.get(id)?.forEach(clearTimeout);
    timers.delete(id);
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };

  const dismiss = (id: string) => {
    const toast = toasts.find((candidate) => candidate.id === id);
    if (!toast || toast.phase === 'leaving') return;
    if (toast.phase === 'entering') {
      remove(id);
      return;
    }
    timers.get(id)?.forEach(clearTimeout);
    timers.delete(id);
    update(id, { phase: 'leaving' });
    later(id, TOAST_FADE_MS, () => remove(id));
  };

  return {
    show(input) {
      counter += 1;
      const id = `toast-${counter}`;
      const toast: Toast = {
        id,
        title: input.title,
        message: input.message,
        type: input.type ?? 'info',
        duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
        autoHide: input.autoHide ?? true,
        createdAt: clock.now(),
        phase: 'entering',
      };
      toasts = [...toasts, toast];
      emit();
      later(id, TOAST_APPEAR_DELAY_MS, () => {
        update(id, { phase: 'visible' });
        if (toast.autoHide) later(id, toast.duration, () => dismiss(id));
      });
      return id;
    },
    dismiss,
    clearAll() {
      toasts.forEach((toast) => dismiss(toast.id));
    },
    reset() {
      timers.forEach((pending) => pending.forEach(clearTimeout));
      timers.clear();
      toasts = [];
      emit();
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The application's toasts; components read it through ToastViewport. */
export const toasts = createToastStore();
