import type { CodeProblemPage } from './initial-data';
import { InvalidUidPage } from './InvalidUidPage';
import { QrErrorPage } from './QrErrorPage';
import { TipPageProblem } from './TipPageProblem';

/** The page of a code that cannot be tipped, as the server answered it. */
export function CodeProblem({ page }: { page: CodeProblemPage }) {
  if (page.page === 'qr-error') return <QrErrorPage inactive={page.inactive} />;
  if (page.page === 'invalid-uid') return <InvalidUidPage />;
  return <TipPageProblem problem={page.problem ?? { kind: 'failed' }} />;
}
