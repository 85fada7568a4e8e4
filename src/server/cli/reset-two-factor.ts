import { runResetTwoFactor } from './reset-two-factor-command';
import { runCli } from './run-cli';

// `npm run admin:reset-two-factor -- --email <address>` (issue 47 item 12).
runCli('admin:reset-two-factor', runResetTwoFactor);
