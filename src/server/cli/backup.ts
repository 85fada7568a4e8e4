import { runBackup } from './backup-command';
import { runCli } from './run-cli';

// `npm run backup -- <file>` (decision 0403).
runCli('backup', runBackup);
