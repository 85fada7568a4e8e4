import { useSyncExternalStore } from 'react';
import { THEME_CHOICES } from '../../shared/domain/constants';

export type ThemeChoice = (typeof THEME_CHOICES)[number];
const STORAGE_KEY = 'trinkgeld-theme';
const listeners = new Set<() => void>();

function read(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return (THEME_CHOICES as readonly string[]).includes(stored ?? '')
      ? (stored as ThemeChoice)
      : 'system';
  } catch {
    return 'system';
  }
}

/** Sets the class on <html>; 'system' removes it so the CSS media query decides. */
export function applyTheme(choice: ThemeChoice = read()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', choice === 'dark');
  root.classList.toggle('light', choice === 'light');
}

export function setTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => 'system',
  );
}
