import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toastStore } from '../../src/web/components/ui/toast-store';

/**
 * The component tier (decision 0530) shares its worker's modules between files (`isolate:
 * false`), so what a test leaves in the page, the tab's storage or the toast store is removed
 * after it: the next test starts on an empty document.
 */
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
});
