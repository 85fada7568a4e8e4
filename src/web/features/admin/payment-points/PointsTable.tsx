import { type PaymentPoint } from '../../../../shared/api/payment-points';
import { Badge } from '../../../components/ui/Badge';
import { Menu, type MenuItem } from '../../../components/ui/Menu';
import {
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/Table';
import { formatDate } from '../../../lib/format';
import { Icon } from '../../public/components/Icon';
import { activeAdminTexts, useAdminTexts } from '../../../lib/admin-language';
import { adminPointsPart } from '../../../../shared/i18n/admin-catalogue-points';

export interface PointActions {
  details: (point: PaymentPoint) => void;
  showQr: (point: PaymentPoint) => void;
  edit: (point: PaymentPoint) => void;
  toggle: (point: PaymentPoint) => void;
  regenerate: (point: PaymentPoint) => void;
  makePrimary: (point: PaymentPoint) => void;
  remove: (point: PaymentPoint) => void;
}

function menuItems(point: PaymentPoint, actions: PointActions): MenuItem[] {
  const { admin: adminTexts } = activeAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  const look: MenuItem[] = [
    { kind: 'link', label: u.actions.preview, href: point.link, newTab: true },
    { label: u.actions.qr, onSelect: () => actions.showQr(point) },
  ];
  // A legacy code is shown and opened, never changed here (decision 0475).
  if (point.source === 'legacy') return look;
  const items: MenuItem[] = [
    { label: u.actions.details, onSelect: () => actions.details(point) },
    ...look,
  ];
  if (point.demo) {
    items.push({
      kind: 'link',
      label: u.actions.demoTest,
      href: `${point.link}?amount=5`,
      newTab: true,
    });
  }
  items.push(
    { label: u.actions.edit, onSelect: () => actions.edit(point) },
    {
      label: point.active ? u.actions.deactivate : u.actions.activate,
      onSelect: () => actions.toggle(point),
    },
    { label: u.actions.regenerate, onSelect: () => actions.regenerate(point) },
  );
  // Decision 0355: another active point of a person can become the one 'Mein QR-Code' shows.
  if (point.targetType === 'user' && point.active && !point.primary) {
    items.push({ label: u.actions.primary, onSelect: () => actions.makePrimary(point) });
  }
  items.push({ label: u.actions.delete, onSelect: () => actions.remove(point), destructive: true });
  return items;
}

/** A click on a row opens its details; a legacy code has none here, so its QR code opens. */
function open(point: PaymentPoint, actions: PointActions) {
  if (point.source === 'legacy') actions.showQr(point);
  else actions.details(point);
}

function StatusBadge({ point }: { point: PaymentPoint }) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  return (
    <Badge
      variant={point.works ? 'success' : 'outline'}
      title={point.active && !point.works ? u.status.unreachableHint : undefined}
    >
      {point.works ? u.status.active : point.active ? u.status.unreachable : u.status.inactive}
    </Badge>
  );
}

function AssetsBadge({ point }: { point: PaymentPoint }) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  const status = point.integration.status;
  if (status === 'none') return <span className="text-muted-foreground">{u.assets.none}</span>;
  return (
    <Badge
      variant={status === 'synced' ? 'success' : 'destructive'}
      title={point.integration.error ?? undefined}
    >
      {status === 'synced' ? u.assets.synced : u.assets.error}
    </Badge>
  );
}

function Actions({ point, actions }: { point: PaymentPoint; actions: PointActions }) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  return (
    <Menu
      label={u.actions.menu(point.label)}
      trigger={
        <span aria-hidden="true" className="text-lg leading-none">
          ⋯
        </span>
      }
      items={menuItems(point, actions)}
    />
  );
}

/**
 * The payment points (spec §2): nine columns from 768 px, cards below, so a phone never
 * scrolls sideways. A click on a row opens its details; the uid is a button for the keyboard.
 */
export function PointsTable({
  points,
  actions,
}: {
  points: PaymentPoint[];
  actions: PointActions;
}) {
  const {
    labels: {
      pointTargetTypes: PAYMENT_POINT_TARGET_TYPE_LABELS,
      pointTypes: PAYMENT_POINT_TYPE_LABELS,
    },
  } = useAdminTexts(adminPointsPart);
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const u = adminTexts.uid;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-border bg-card md:block">
        <table className="w-full border-collapse text-sm" data-testid="points-table">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{u.columns.uid}</TableHeaderCell>
              <TableHeaderCell>{u.columns.name}</TableHeaderCell>
              <TableHeaderCell>{u.columns.type}</TableHeaderCell>
              <TableHeaderCell>{u.columns.department}</TableHeaderCell>
              <TableHeaderCell>{u.columns.target}</TableHeaderCell>
              <TableHeaderCell>{u.columns.status}</TableHeaderCell>
              <TableHeaderCell>{u.columns.assets}</TableHeaderCell>
              <TableHeaderCell>{u.columns.created}</TableHeaderCell>
              <TableHeaderCell>{u.columns.actions}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {points.map((point) => (
              <TableRow
                key={point.id}
                data-testid="point-row"
                data-uid={point.uid}
                className="cursor-pointer hover:bg-muted/50"
                onClick={() => open(point, actions)}
              >
                <TableCell className="max-w-[14rem]">
                  <button
                    type="button"
                    className="break-all text-left font-mono text-xs text-primary underline-offset-4 hover:underline"
                    onClick={(event) => {
                      event.stopPropagation();
                      open(point, actions);
                    }}
                  >
                    {point.uid}
                  </button>
                </TableCell>
                <TableCell>
                  <span className="block font-medium">{point.label}</span>
                  {point.name !== point.label ? (
                    <span className="block text-xs text-muted-foreground">{point.name}</span>
                  ) : null}
                  {point.demo ? (
                    <Badge variant="accent" className="mt-1">
                      {u.demoBadge}
                    </Badge>
                  ) : null}
                  {point.primary ? (
                    <Badge variant="outline" className="mt-1" data-testid="primary-badge">
                      {u.primaryBadge}
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell>{PAYMENT_POINT_TYPE_LABELS[point.type]}</TableCell>
                <TableCell>{point.department ?? '—'}</TableCell>
                <TableCell>
                  {point.targetName ?? '—'}
                  <span className="block text-xs text-muted-foreground">
                    {PAYMENT_POINT_TARGET_TYPE_LABELS[point.targetType]}
                  </span>
                </TableCell>
                <TableCell>
                  <StatusBadge point={point} />
                </TableCell>
                <TableCell>
                  <AssetsBadge point={point} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(point.createdAt)}</TableCell>
                <TableCell onClick={(event) => event.stopPropagation()}>
                  <Actions point={point} actions={actions} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" data-testid="points-cards">
        {points.map((point) => (
          <li key={point.id} className="rounded-lg border border-border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <button
                  type="button"
                  className="text-left font-semibold text-primary underline-offset-4 hover:underline"
                  onClick={() => open(point, actions)}
                >
                  {point.label}
                </button>
                <p className="break-all font-mono text-xs text-muted-foreground">{point.uid}</p>
              </div>
              <Actions point={point} actions={actions} />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge point={point} />
              <Badge variant="outline">{PAYMENT_POINT_TYPE_LABELS[point.type]}</Badge>
              {point.demo ? <Badge variant="accent">{u.demoBadge}</Badge> : null}
              {point.primary ? (
                <Badge variant="outline" data-testid="primary-badge">
                  {u.primaryBadge}
                </Badge>
              ) : null}
              {point.integration.status !== 'none' ? <AssetsBadge point={point} /> : null}
            </div>
            <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
              <Icon name="user" className="h-4 w-4 shrink-0" />
              <span className="min-w-0 truncate">
                {point.targetName ?? '—'} · {PAYMENT_POINT_TARGET_TYPE_LABELS[point.targetType]}
                {point.department ? ` · ${point.department}` : ''}
              </span>
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              {u.columns.created}: {formatDate(point.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
