import { runResetTwoFactor } from './reset-two-factor-command';
import { runCli } from './run-cli';

// `npm run admin:reset-two-factor -- --email <address>`.
runCli('admin:reset-two-factor', runResetTwoFactor);
