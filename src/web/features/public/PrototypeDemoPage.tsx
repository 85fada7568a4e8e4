import { Link } from '../../lib/router';
import { prototypeTexts } from '../../../shared/i18n/public-docs';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../components/ui/Table';
import { DocsLayout } from './components/DocsLayout';
import { Icon } from './components/Icon';
import {
  FEATURE_STATUS_BADGES,
  FEATURE_STATUS_LABELS,
  FEATURES,
  type Feature,
  type FeatureKey,
  featureOf,
} from './feature-status';
import { FLOWS, type Flow, type FlowStep } from './prototype-flows';
import { ThankYouLoopDialog } from './ThankYouLoopDialog';

const t = prototypeTexts;

function StatusBadge({ feature }: { feature: Feature }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant={FEATURE_STATUS_BADGES[feature.status]}>
        {FEATURE_STATUS_LABELS[feature.status]}
      </Badge>
      {feature.note ? <span className="text-xs text-muted-foreground">{feature.note}</span> : null}
    </span>
  );
}

/** /prototype-demo: the three journeys, their real screens and what is built today. */
export function PrototypeDemoPage() {
  return (
    <DocsLayout
      title={t.title}
      description={t.description}
      lead={t.lead}
      actions={<ThankYouLoopDialog />}
    >
      <ul aria-label={t.flowsLabel} className="grid gap-6 pt-6 lg:grid-cols-3">
        {FLOWS.map((flow) => (
          <li key={flow.id}>
            <FlowCard flow={flow} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="status-titel" className="mt-14">
        <h2 id="status-titel" className="text-2xl font-bold">
          {t.statusTitle}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{t.statusLead}</p>
        <Card className="mt-6 p-2">
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t.statusHead.feature}</TableHeaderCell>
                <TableHeaderCell>{t.statusHead.status}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(Object.keys(FEATURES) as FeatureKey[]).map((key) => (
                <TableRow key={key}>
                  <TableCell className="font-medium">{featureOf(key).name}</TableCell>
                  <TableCell>
                    <StatusBadge feature={featureOf(key)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      </section>
    </DocsLayout>
  );
}

function FlowCard({ flow }: { flow: Flow }) {
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-border p-5">
        <div>
          <h2 className="text-xl font-bold">{flow.title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{flow.description}</p>
        </div>
        <Badge variant="outline" className="shrink-0">
          {flow.actor}
        </Badge>
      </div>
      <ol aria-label={t.stepsLabel(flow.title)} className="flex flex-col divide-y divide-border">
        {flow.steps.map((step, index) => (
          <li key={`${step.title}-${index}`}>
            <StepLink step={step} number={index + 1} />
          </li>
        ))}
      </ol>
    </Card>
  );
}

function StepLink({ step, number }: { step: FlowStep; number: number }) {
  const content = (
    <>
      <span
        aria-hidden="true"
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold"
      >
        {number}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold">{step.title}</span>
        <span className="text-sm text-muted-foreground">{step.description}</span>
        <StatusBadge feature={featureOf(step.feature)} />
      </span>
      <Icon name="arrowRight" className="mt-1 text-muted-foreground" />
    </>
  );
  const classes = 'flex items-start gap-3 p-4 transition hover:bg-muted';
  // The guest tip page is its own entry (guest.html), reached with a full page load.
  return step.path.startsWith('/t/') ? (
    <a href={step.path} className={classes}>
      {content}
    </a>
  ) : (
    <Link to={step.path} className={classes}>
      {content}
    </Link>
  );
}
