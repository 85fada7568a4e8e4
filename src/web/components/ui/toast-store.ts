import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../../shared/domain/constants';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

type Listener = () => void;

/**
 * The toast store: at most TOAST_LIMIT (1) visible at a time, each shown for 5000 ms by default.
 * A new toast replaces the one showing. Lives outside React so any code may raise a toast.
 */
class ToastStore {
  private items: ToastItem[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.items;

  show(input: ToastInput): number {
    const item: ToastItem = {
      id: this.nextId++,
      title: input.title,
      ...(input.description ? { description: input.description } : {}),
      variant: input.variant ?? 'default',
      duration: input.duration ?? TOAST_DURATION_MS,
    };
    const kept = [item, ...this.items].slice(0, TOAST_LIMIT);
    for (const old of this.items) if (!kept.includes(old)) this.clearTimer(old.id);
    this.items = kept;
    this.timers.set(
      item.id,
      setTimeout(() => this.dismiss(item.id), item.duration),
    );
    this.emit();
    return item.id;
  }

  dismiss(id: number): void {
    this.clearTimer(id);
    const next = this.items.filter((item) => item.id !== id);
    if (next.length !== this.items.length) {
      this.items = next;
      this.emit();
    }
  }

  private clearTimer(id: number) {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

export function toast(input: ToastInput): number {
  return toastStore.show(input);
}
