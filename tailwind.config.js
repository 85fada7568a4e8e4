/** Design tokens live as CSS variables in src/web/styles.css; Tailwind maps utilities onto them. */
/** The phone's or computer's own sans-serif, in the order the platforms name it. */
const SYSTEM_SANS = [
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  'Segoe UI',
  'Roboto',
  'Helvetica Neue',
  'Arial',
  'sans-serif',
];

/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/web/**/*.{html,ts,tsx}'],
  // Dark follows the system unless <html> carries .light or .dark (the person's choice).
  darkMode: [
    'variant',
    ['@media (prefers-color-scheme: dark) { &:not(.light *) }', '&:is(.dark *)'],
  ],
  theme: {
    extend: {
      colors: {
        background: 'var(--background)',
        foreground: 'var(--foreground)',
        card: { DEFAULT: 'var(--card)', foreground: 'var(--card-foreground)' },
        muted: { DEFAULT: 'var(--muted)', foreground: 'var(--muted-foreground)' },
        border: 'var(--border)',
        input: 'var(--input)',
        ring: 'var(--ring)',
        primary: { DEFAULT: 'var(--primary)', foreground: 'var(--primary-foreground)' },
        secondary: { DEFAULT: 'var(--secondary)', foreground: 'var(--secondary-foreground)' },
        accent: { DEFAULT: 'var(--accent)', foreground: 'var(--accent-foreground)' },
        destructive: {
          DEFAULT: 'var(--destructive)',
          foreground: 'var(--destructive-foreground)',
        },
        success: { DEFAULT: 'var(--success)', foreground: 'var(--success-foreground)' },
        warning: 'var(--warning)',
        brand: {
          primary: 'var(--brand-primary)',
          secondary: 'var(--brand-secondary)',
          accent: 'var(--brand-accent)',
        },
      },
      borderRadius: { lg: 'var(--radius)' },
      fontFamily: {
        sans: ['Fira Sans', ...SYSTEM_SANS],
        // Without Fira Sans: the app's first visit (main.css, decision 0418).
        system: SYSTEM_SANS,
      },
      keyframes: {
        'fade-in': {
          from: { opacity: '0', transform: 'translateY(6px)' },
          to: { opacity: '1', transform: 'none' },
        },
        'pop-in': {
          from: { opacity: '0', transform: 'scale(0.85)' },
          to: { opacity: '1', transform: 'scale(1)' },
        },
        progress: {
          from: { transform: 'translateX(-100%)' },
          to: { transform: 'translateX(300%)' },
        },
      },
      animation: {
        'fade-in': 'fade-in 300ms ease-out both',
        'pop-in': 'pop-in 400ms cubic-bezier(0.2, 0.9, 0.3, 1.3) both',
        progress: 'progress 1.2s ease-in-out infinite',
      },
    },
  },
  plugins: [],
};
