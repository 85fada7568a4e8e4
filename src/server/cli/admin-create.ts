import { runAdminCreate } from './admin-create-command';
import { runCli } from './run-cli';

// `npm run admin:create -- --email <address> [--name "<full name>"]` (decision 0310).
runCli('admin:create', runAdminCreate);
