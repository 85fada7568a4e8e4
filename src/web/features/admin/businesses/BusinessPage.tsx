import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BusinessDetail, updateBusinessSchema } from '../../../../shared/api/operator';
import { adminBusinessesPart } from '../../../../shared/i18n/admin-catalogue-businesses';
import { FormError, SubmitButton, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Badge } from '../../../components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAdminTexts } from '../../../lib/admin-language';
import { formatCents, formatDate, formatDateTime } from '../../../lib/format';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/Button';
import { selectBusiness } from '../business-scope';
import { BUSINESS_LIST_PATH } from './list-query';
import { AdminPage } from '../AdminPage';
import { InvitationDelivery } from '../InvitationDelivery';
import { OwnerInvitation } from './BusinessesPage';
import { operatorApi, operatorKeys } from './operator-api';
import { PlanCard } from './PlanCard';

const monthName = new Intl.DateTimeFormat('de-DE', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The list's address the business was opened from (navigation state), if it is one. */
function backToListHref(state: unknown): string {
  const from = (state as { fromList?: unknown } | null)?.fromList;
  return typeof from === 'string' && from.startsWith(BUSINESS_LIST_PATH)
    ? from
    : BUSINESS_LIST_PATH;
}

/**
 * /admin/businesses/:id: one business for the operator — its details (name and
 * contact editable), where it came from, its plan (with the operator's grant of Pro), its people with their last sign-in and invitation state
 * ('Einladung erneut senden' beside an open one), its payment points, the month's figures and
 * what platform admins did to it.
 */
export function BusinessPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = location.pathname.split('/').pop() ?? '';
  // Back to the list as it was left (its search, filter, order and page), else the plain list.
  const listHref = backToListHref(location.state);
  const { businesses: b, common: commonTexts } = useAdminTexts(adminBusinessesPart);
  const detail = useQuery({
    queryKey: operatorKeys.detail(id),
    queryFn: () => operatorApi.detail(id),
  });
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all });
  const data = detail.data;
  return (
    <AdminPage
      title={data?.business.name ?? b.title}
      description={<Link to={listHref}>← {b.page.back}</Link>}
      actions={
        data && data.business.status !== 'closed' ? (
          <Button
            variant="outline"
            onClick={() => {
              // The header's 'Betrieb wählen', from here: the banner then says so (decision 0511).
              selectBusiness(data.business.id);
              navigate('/admin/dashboard');
            }}
          >
            {b.page.actInside}
          </Button>
        ) : null
      }
    >
      {!data ? (
        <Spinner label={commonTexts.loading} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <DetailsCard detail={data} onSaved={refresh} />
          <Card>
            <CardHeader>
              <CardTitle>
                {b.page.month(monthName.format(new Date(`${data.month}T00:00:00Z`)))}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt>{b.page.tips}</dt>
                <dd className="tabular-nums">
                  {formatCents(data.business.month.tipsCents)} (
                  {b.tipCount(data.business.month.tipCount)})
                </dd>
                <dt>{b.page.fees}</dt>
                <dd className="tabular-nums">
                  {formatCents(data.business.month.platformFeeCents)}
                </dd>
              </dl>
            </CardContent>
          </Card>
          <PlanCard business={data.business} onChanged={refresh} />
          <Card>
            <CardHeader>
              <CardTitle>{b.page.people}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.people.length === 0 ? (
                <p className="text-sm text-muted-foreground">{b.page.noPeople}</p>
              ) : (
                <ul className="flex flex-col gap-3" data-testid="business-people">
                  {data.people.map((person) => (
                    <li key={person.id} className="text-sm" data-testid={`person-${person.email}`}>
                      <span className="block font-medium">{person.fullName ?? person.email}</span>
                      <span className="block text-xs text-muted-foreground">
                        {/* Only the address may break anywhere: a long one fits 360 px, words stay whole. */}
                        <span className="break-all">{person.email}</span> ·{' '}
                        {b.page.roles[person.role]} · {b.page.statuses[person.status]}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {b.page.lastLogin}:{' '}
                        {person.lastLoginAt ? formatDateTime(person.lastLoginAt) : b.page.never}
                      </span>
                      {person.status === 'invited' && data.business.status !== 'closed' ? (
                        <OwnerInvitation
                          businessId={data.business.id}
                          owner={{
                            id: person.id,
                            email: person.email,
                            delivery: person.invitationDelivery,
                          }}
                          onResent={refresh}
                        />
                      ) : (
                        <InvitationDelivery
                          state={person.invitationDelivery}
                          text={b.invitationDelivery}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{b.page.points}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.paymentPoints.length === 0 ? (
                <p className="text-sm text-muted-foreground">{b.page.noPoints}</p>
              ) : (
                <ul className="flex flex-col gap-1 text-sm">
                  {data.paymentPoints.map((point) => (
                    <li key={point.id}>
                      {point.label ?? point.uid}{' '}
                      <span className="text-xs text-muted-foreground">
                        ({point.uid}
                        {point.active ? '' : `, ${b.page.inactive}`})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>{b.page.audit}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.audit.length === 0 ? (
                <p className="text-sm text-muted-foreground">{b.page.noAudit}</p>
              ) : (
                <ol className="flex flex-col gap-2 text-sm" data-testid="business-audit">
                  {data.audit.map((entry) => (
                    <li key={entry.id}>
                      <span className="block text-xs text-muted-foreground">
                        {formatDateTime(entry.at)}
                        {entry.actorName ? ` · ${entry.actorName}` : ''}
                      </span>
                      <span className="font-medium">{entry.label}</span>: {entry.sentence}
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </AdminPage>
  );
}

function DetailsCard({ detail, onSaved }: { detail: BusinessDetail; onSaved: () => void }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const business = detail.business;
  const form = useZodForm(updateBusinessSchema, {
    defaultValues: { name: business.name, contactEmail: business.contactEmail ?? '' },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{b.page.details}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>{b.page.address}</dt>
          <dd className="[overflow-wrap:anywhere]">{business.address ?? '–'}</dd>
          <dt>{b.page.contact}</dt>
          <dd className="[overflow-wrap:anywhere]">{business.contactEmail ?? '–'}</dd>
          <dt>{b.page.created}</dt>
          <dd>{formatDate(business.createdAt)}</dd>
          <dt>{b.page.origin}</dt>
          <dd>
            <Badge variant={detail.origin === 'signup' ? 'accent' : 'outline'}>
              {b.page.origins[detail.origin]}
            </Badge>
          </dd>
        </dl>
        {business.status !== 'closed' ? (
          <Form
            form={form}
            className="flex flex-col gap-3"
            aria-label={b.page.edit}
            onSubmit={async (values) => {
              await operatorApi.update(business.id, values);
              toast({ title: b.page.saved, variant: 'success' });
              onSaved();
            }}
          >
            <FormError />
            <TextField name="name" label={b.form.name} required autoComplete="organization" />
            <TextField name="contactEmail" label={b.page.contact} type="email" required />
            <SubmitButton pendingText={b.page.saving}>{b.page.save}</SubmitButton>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
