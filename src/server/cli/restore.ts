import { runRestore } from './backup-command';
import { runCli } from './run-cli';

// `npm run restore -- <file>` (decision 0403).
runCli('restore', runRestore);
