// The catalogues live with the server's own guest texts; this feature's modules import them here.
export { GUEST_CATALOGUES } from '../../../shared/i18n/guest-server';
