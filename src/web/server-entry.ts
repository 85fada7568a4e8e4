/**
 * The one door from the server into the browser's code: the components and data
 * shapes the server renders the guest tip page and the landing page from, so both sides render
 * the same tree and hydration finds the same markup. eslint.config.js lets server code import
 * from src/web through this file only.
 */
export type { BrandFont } from './lib/brand-theme';
export { GuestRoot } from './features/guest/GuestRoot';
export {
  type CheckoutReturning,
  type CodeProblemPage,
  GUEST_INITIAL_DATA_ID,
  type GuestInitialData,
} from './features/guest/initial-data';
export { type GuestServerRender, GuestServerRenderProvider } from './features/guest/server-render';
export { tipPageProblemWords } from './features/guest/TipPageProblem';
export { LandingDocument } from './features/public/LandingDocument';
export {
  LANDING_INITIAL_DATA_ID,
  LANDING_QUERY_KEYS,
  type LandingInitialData,
} from './features/public/landing-data';
