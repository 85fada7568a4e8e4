import base from './tailwind.config.js';

/**
 * The guest pages' stylesheet (src/web/guest.css): the same theme, with only the classes the
 * guest entry's modules use, so the tip page can carry it inline in its HTML (decision 0265).
 * The folders are those `src/web/features/guest/boot.ts` and the guest app import from.
 */
/** @type {import('tailwindcss').Config} */
export default {
  ...base,
  content: [
    './src/web/guest.html',
    './src/web/features/guest/**/*.{ts,tsx}',
    './src/web/components/**/*.{ts,tsx}',
    './src/web/lib/**/*.{ts,tsx}',
  ],
};
