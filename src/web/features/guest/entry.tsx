import '../../styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '../../components/ui/Toaster';
import { applyTheme } from '../../lib/theme';
import { TipPage } from './TipPage';

/**
 * The guest entry: only what /t/{uid} needs, no router and no staff code, so a guest's phone
 * loads as little as possible.
 */
applyTheme();
const code = decodeURIComponent(window.location.pathname.replace(/^\/t\//, '').split('/')[0] ?? '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TipPage code={code} />
    <Toaster />
  </StrictMode>,
);
