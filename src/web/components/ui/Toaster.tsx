import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';
import { type ToastVariant, toastStore } from './toast-store';

const variants: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

/**
 * Renders the visible toast. Mount once near the root. While a toast shows, the page gets that
 * much room at its end, so the bottom of the content can always be scrolled above the toast
 *; Escape or '×' closes it.
 */
export function Toaster() {
  const items = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getSnapshot,
  );
  const region = useRef<HTMLDivElement>(null);
  const showing = items.length > 0;
  useLayoutEffect(() => {
    const element = region.current;
    if (!showing || !element) return;
    const reserve = () => {
      document.body.style.paddingBottom = `${element.offsetHeight}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    const onKey = (event: KeyboardEvent) => {
      // A dialog or menu handles its own Escape first.
      if (event.key === 'Escape' && !event.defaultPrevented) {
        for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      observer?.disconnect();
      document.removeEventListener('keydown', onKey);
      document.body.style.paddingBottom = '';
    };
  }, [showing]);
  return (
    <div
      ref={region}
      data-testid="toast-region"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {items.map((item) => (
        <div
          key={item.id}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          className={cn(
            'pointer-events-auto flex w-full max-w-sm animate-fade-in items-start gap-3 rounded-lg border-2 p-4 shadow-lg',
            variants[item.variant],
          )}
        >
          <div className="flex-1">
            <p className="font-semibold">{item.title}</p>
            {item.description ? (
              <p className="mt-1 text-sm opacity-90">{item.description}</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => toastStore.dismiss(item.id)}
            className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
            aria-label={
              typeof document !== 'undefined' && document.documentElement.lang === 'en'
                ? 'Close'
                : 'Schließen'
            }
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
