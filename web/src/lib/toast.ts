import type { ToastOptions } from 'react-hot-toast';

/**
 * The shop's toasts (SPEC §2, §9), through react-hot-toast loaded on first use:
 * it and its styling library stay out of the first load of / (issue 14's
 * budget). A toast raised before it has loaded shows as soon as it has; the
 * id is chosen here so a caller can dismiss a toast that is not drawn yet.
 */
type HotToast = typeof import('react-hot-toast').default;

let hotToast: HotToast | undefined;
const waiting: Array<(loaded: HotToast) => void> = [];
let nextId = 0;

function withHotToast(use: (loaded: HotToast) => void): void {
  if (hotToast) {
    use(hotToast);
    return;
  }
  waiting.push(use);
  if (waiting.length === 1) {
    void import('react-hot-toast').then(({ default: loaded }) => {
      hotToast = loaded;
      for (const next of waiting.splice(0)) next(loaded);
    });
  }
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): string {
  const id = options?.id ?? `toast-${++nextId}`;
  withHotToast((loaded) => loaded[kind](message, { ...options, id }));
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  /** Hides a toast (all when no id) with its exit animation. */
  dismiss: (id?: string) => withHotToast((loaded) => loaded.dismiss(id)),
  /** Takes a toast (all when no id) away at once. */
  remove: (id?: string) => withHotToast((loaded) => loaded.remove(id)),
};
