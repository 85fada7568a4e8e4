import type { ComponentType } from 'react';
import { PasswordSection } from './PasswordSection';
import { TwoFactorSection } from '../two-factor/TwoFactorSection';

/**
 * The sections of 'Konto und Sicherheit' (/employee/account), in order. Each capability that a
 * person manages about their own sign-in (password, two-factor sign-in) adds one section here.
 */
export const ACCOUNT_SECTIONS: readonly { id: string; Component: ComponentType }[] = [
  { id: 'password', Component: PasswordSection },
  { id: 'two-factor', Component: TwoFactorSection },
];
