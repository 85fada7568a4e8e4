import { describe, expect, it } from 'vitest';
import { htmlEntryFor } from './spa';

describe('htmlEntryFor', () => {
  it('serves the guest pages from the small guest entry', () => {
    for (const path of [
      '/t/aio-anna-schneider-4k7p',
      '/thank-you',
      '/thank-you/',
      '/qr-error',
      '/error/invalid-uid',
    ]) {
      expect(htmlEntryFor(path)).toBe('guest.html');
    }
  });

  it('serves everything else from the full app', () => {
    for (const path of ['/', '/employee/login', '/thank-you-later', '/error', '/admin/dashboard']) {
      expect(htmlEntryFor(path)).toBe('index.html');
    }
  });
});
