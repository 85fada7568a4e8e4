import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toastStore } from '../../src/web/components/ui/toast-store';
import { undoComponentStubs } from './component';

/**
 * The component tier (decision 0530) shares its worker's modules between files (`isolate:
 * false`), so what a test leaves in the page, the tab's storage or the toast store is removed
 * after it: the next test starts on an empty document.
 */
/**
 * happy-dom 21 lacks `HTMLSelectElement.size`, which react-hook-form reads to tell a select the
 * person changed from one it set itself; without it every select "was edited" before the form was
 * ready and lost its default value. Added as the HTML standard defines it: the `size` content
 * attribute as a number, 0 when absent.
 */
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(size) || size < 0 ? 0 : size;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

afterEach(() => {
  undoComponentStubs();
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
});
