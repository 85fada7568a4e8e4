import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from '../../lib/router';
import { staffInviteSchema, type StaffStatus, type StaffUser } from '../../../shared/api/staff';
import { ROLES, type Role } from '../../../shared/domain/roles';
import { useFormContext } from 'react-hook-form';
import { FieldFrame, FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Badge, type BadgeVariant } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Label, selectClasses } from '../../components/ui/Field';
import { Menu, type MenuItem } from '../../components/ui/Menu';
import { Spinner } from '../../components/ui/Spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../components/ui/Table';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime } from '../../lib/format';
import { adminApi, adminKeys, messageOf } from './admin-api';
import { AdminPage } from './AdminPage';
import { InvitationDelivery } from './InvitationDelivery';
import { TeamsCard } from './TeamsCard';
import { useSelectedBusinessId } from './business-scope';
import { twoFactorApi } from '../two-factor/two-factor-api';
import { activeAdminTexts, useAdminTexts } from '../../lib/admin-language';
import { adminPeoplePart } from '../../../shared/i18n/admin-catalogue-people';
import {} from '../../lib/admin-language';
import { useProFeature } from './plan/plan-api';
import { ProNotice } from './plan/ProNotice';

const STATUS_BADGES: Record<StaffStatus, BadgeVariant> = {
  active: 'success',
  invited: 'accent',
  deactivated: 'outline',
};

/** The role dialog's choices: the current role and those the server says may be given. */
function roleChoices(user: StaffUser): Role[] {
  return ROLES.filter(
    (role) => role === user.role || user.allowedActions.changeRole.includes(role),
  );
}

/**
 * Making someone 'Geschäftsinhaber' is Pro (decision 0610): on Basis that choice is shown, marked
 * and off, unless it is the person's role already. Employees are invited on every plan.
 */
function useOwnerRoleLocked(): boolean {
  const { known, included } = useProFeature('manager_role');
  return known && !included;
}

function roleOption(role: Role, label: string, locked: boolean, current?: Role) {
  const { pro } = activeAdminTexts();
  const off = locked && role === 'business_owner' && role !== current;
  return { value: role, label: off ? pro.markedOption(label) : label, disabled: off };
}

const failed = (error: unknown) => {
  const { toasts } = activeAdminTexts(adminPeoplePart).admin;
  toast({
    title: toasts.errorTitle,
    description: messageOf(error, toasts.loadFailed),
    variant: 'destructive',
  });
};

/** /admin/users: the business's staff, invitations, roles and deactivation. */
export function UsersPage() {
  const {
    labels: { roles: ROLE_LABELS },
    shifts: adminShiftsTexts,
    common: commonTexts,
    twoFactor: twoFactorTexts,
    users: u,
  } = useAdminTexts(adminPeoplePart);
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const key = adminKeys.users(businessId);
  const users = useQuery({
    queryKey: [...key, deferredSearch],
    queryFn: () => adminApi.users(deferredSearch),
    placeholderData: keepPreviousData,
  });
  const allStaff = useQuery({ queryKey: [...key, ''], queryFn: () => adminApi.users('') });
  useEffect(() => {
    if (users.isError) failed(users.error);
  }, [users.isError, users.error]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const [roleTarget, setRoleTarget] = useState<StaffUser | null>(null);
  const [deactivateTarget, setDeactivateTarget] = useState<StaffUser | null>(null);
  const [resetTarget, setResetTarget] = useState<StaffUser | null>(null);

  const resend = useMutation({
    mutationFn: (user: StaffUser) => adminApi.resendInvitation(user.id),
    onSuccess: (user) => {
      toast(invitationToast(user, u.resent(user.email)));
      void refresh();
    },
    onError: failed,
  });
  const reactivate = useMutation({
    mutationFn: (user: StaffUser) => adminApi.setUserActive(user.id, true),
    onSuccess: () => {
      toast({ title: u.reactivated, variant: 'success' });
      void refresh();
    },
    onError: failed,
  });

  const rowActions = (user: StaffUser): RowActions => ({
    resend: () => resend.mutate(user),
    role: () => setRoleTarget(user),
    deactivate: () => setDeactivateTarget(user),
    reactivate: () => reactivate.mutate(user),
    resetTwoFactor: () => setResetTarget(user),
  });

  const searchId = useId();
  const items = users.data?.items;
  // What this person may do here comes with the list, from the server's own rules (0342).
  const permissions = (users.data ?? allStaff.data)?.permissions;
  return (
    <AdminPage
      title={u.title}
      description={u.description}
      actions={
        <Link to="/admin/shifts" className={buttonClasses('outline')}>
          {adminShiftsTexts.openPlan}
        </Link>
      }
    >
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{u.inviteTitle}</CardTitle>
          <CardDescription>{u.inviteText}</CardDescription>
        </CardHeader>
        <CardContent>
          {permissions ? (
            <div className="flex flex-col gap-4">
              <InviteForm roles={permissions.inviteRoles} onInvited={() => void refresh()} />
              {permissions.inviteRoles.includes('business_owner') ? (
                <ProNotice feature="manager_role" />
              ) : null}
            </div>
          ) : (
            <Spinner label={commonTexts.loading} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex max-w-md flex-col gap-1.5">
            <Label htmlFor={searchId}>{u.search}</Label>
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder={u.searchPlaceholder}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {!items ? (
            <Spinner label={commonTexts.loading} />
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{u.empty}</p>
          ) : (
            <>
              {/* Cards below 768 px like the UID management: no sideways scrolling,
                e-mails wrap whole, the actions stay on screen. */}
              <ul className="flex flex-col gap-3 md:hidden" data-testid="users-cards">
                {items.map((user) => (
                  <li
                    key={user.id}
                    data-testid={`user-card-${user.email}`}
                    className="rounded-lg border border-border bg-card p-4 shadow-sm"
                  >
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-semibold [overflow-wrap:anywhere]">
                          {user.fullName ?? (
                            <span className="text-muted-foreground">{u.noName}</span>
                          )}
                        </p>
                        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                          {user.email}
                        </p>
                      </div>
                      <ActionsMenu user={user} actions={rowActions(user)} />
                    </div>
                    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                      <Badge variant={STATUS_BADGES[user.status]}>
                        {STATUS_LABEL(user.status)}
                      </Badge>
                      <Badge variant="outline">{ROLE_LABELS[user.role]}</Badge>
                      {user.twoFactorEnabled ? (
                        <span className="text-xs text-muted-foreground">
                          {twoFactorTexts.reset.badge}
                        </span>
                      ) : null}
                    </div>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <dt>{u.columns.team}:</dt>
                      <dd className="min-w-0 [overflow-wrap:anywhere]">
                        {user.teams.length > 0 ? user.teams.join(', ') : u.noTeam}
                      </dd>
                      <dt>{u.columns.lastLogin}:</dt>
                      <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : u.never}</dd>
                    </dl>
                    {user.invitationExpiresAt ? (
                      <p className="mt-1 text-xs text-muted-foreground">
                        {new Date(user.invitationExpiresAt) > new Date()
                          ? u.invitationUntil(formatDateTime(user.invitationExpiresAt))
                          : u.invitationExpired}
                      </p>
                    ) : null}
                    <InvitationDelivery
                      state={user.invitationDelivery}
                      text={u.invitationDelivery}
                      className="mt-1"
                    />
                  </li>
                ))}
              </ul>
              <div className="hidden md:block">
                <Table data-testid="users-table">
                  <TableHead>
                    <TableRow>
                      <TableHeaderCell>{u.columns.name}</TableHeaderCell>
                      <TableHeaderCell>{u.columns.email}</TableHeaderCell>
                      <TableHeaderCell>{u.columns.role}</TableHeaderCell>
                      <TableHeaderCell>{u.columns.team}</TableHeaderCell>
                      <TableHeaderCell>{u.columns.status}</TableHeaderCell>
                      <TableHeaderCell>{u.columns.lastLogin}</TableHeaderCell>
                      <TableHeaderCell>
                        <span className="sr-only">{u.columns.actions}</span>
                      </TableHeaderCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((user) => (
                      <TableRow key={user.id} data-testid={`user-${user.email}`}>
                        <TableCell className="font-medium">
                          {user.fullName ?? (
                            <span className="text-muted-foreground">{u.noName}</span>
                          )}
                        </TableCell>
                        <TableCell className="break-all">{user.email}</TableCell>
                        <TableCell>{ROLE_LABELS[user.role]}</TableCell>
                        <TableCell>
                          {user.teams.length > 0 ? user.teams.join(', ') : u.noTeam}
                        </TableCell>
                        <TableCell>
                          <div className="flex flex-col items-start gap-1">
                            <Badge variant={STATUS_BADGES[user.status]}>
                              {STATUS_LABEL(user.status)}
                            </Badge>
                            {user.twoFactorEnabled ? (
                              <span className="text-xs text-muted-foreground">
                                {twoFactorTexts.reset.badge}
                              </span>
                            ) : null}
                            {user.invitationExpiresAt ? (
                              <span className="text-xs text-muted-foreground">
                                {new Date(user.invitationExpiresAt) > new Date()
                                  ? u.invitationUntil(formatDateTime(user.invitationExpiresAt))
                                  : u.invitationExpired}
                              </span>
                            ) : null}
                            <InvitationDelivery
                              state={user.invitationDelivery}
                              text={u.invitationDelivery}
                            />
                          </div>
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : u.never}
                        </TableCell>
                        <TableCell className="text-right">
                          <ActionsMenu user={user} actions={rowActions(user)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </>
          )}
        </CardContent>
      </Card>

      <TeamsCard staff={allStaff.data?.items ?? []} />

      {roleTarget ? (
        <RoleDialog
          user={roleTarget}
          roles={roleChoices(roleTarget)}
          onClose={() => setRoleTarget(null)}
          onSaved={() => {
            setRoleTarget(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deactivateTarget !== null}
        onOpenChange={(open) => !open && setDeactivateTarget(null)}
        title={u.deactivateTitle(deactivateTarget?.fullName ?? deactivateTarget?.email ?? '')}
        description={u.deactivateText}
        confirmLabel={u.actions.deactivate}
        onConfirm={async () => {
          if (!deactivateTarget) return;
          try {
            await adminApi.setUserActive(deactivateTarget.id, false);
            toast({ title: u.deactivated, variant: 'success' });
            void refresh();
          } catch (error) {
            failed(error);
          }
          setDeactivateTarget(null);
        }}
      />
      <ConfirmDialog
        open={resetTarget !== null}
        onOpenChange={(open) => !open && setResetTarget(null)}
        title={twoFactorTexts.reset.title(resetTarget?.fullName ?? resetTarget?.email ?? '')}
        description={twoFactorTexts.reset.text}
        confirmLabel={twoFactorTexts.reset.confirm}
        onConfirm={async () => {
          if (!resetTarget) return;
          try {
            await twoFactorApi.reset(resetTarget.id);
            toast({ title: twoFactorTexts.reset.done, variant: 'success' });
            void refresh();
          } catch (error) {
            failed(error);
          }
          setResetTarget(null);
        }}
      />
    </AdminPage>
  );
}

const STATUS_LABEL = (status: StaffStatus) =>
  activeAdminTexts(adminPeoplePart).labels.staffStatus[status];

interface RowActions {
  resend(): void;
  role(): void;
  deactivate(): void;
  reactivate(): void;
  resetTwoFactor(): void;
}

/** The actions the server allows on this person (`allowedActions`), in a menu; none, no menu. */
function menuItems(user: StaffUser, actions: RowActions): MenuItem[] {
  const { twoFactor: twoFactorTexts, users: u } = activeAdminTexts(adminPeoplePart);
  const allowed = user.allowedActions;
  const items: MenuItem[] = [];
  if (allowed.resetTwoFactor) {
    items.push({ label: twoFactorTexts.reset.action, onSelect: actions.resetTwoFactor });
  }
  if (allowed.resendInvitation) items.push({ label: u.actions.resend, onSelect: actions.resend });
  if (allowed.changeRole.length > 0) {
    items.push({ label: u.actions.changeRole, onSelect: actions.role });
  }
  if (allowed.deactivate) {
    items.push({ label: u.actions.deactivate, onSelect: actions.deactivate, destructive: true });
  }
  if (allowed.reactivate) items.push({ label: u.actions.reactivate, onSelect: actions.reactivate });
  return items;
}

function ActionsMenu({ user, actions }: { user: StaffUser; actions: RowActions }) {
  const { users: u } = useAdminTexts(adminPeoplePart);
  const items = menuItems(user, actions);
  if (items.length === 0) return null;
  return (
    <Menu
      label={u.actions.menu(user.fullName ?? user.email)}
      trigger={
        <span aria-hidden="true" className="text-lg leading-none">
          ⋯
        </span>
      }
      variant="ghost"
      size="sm"
      align="end"
      items={items}
    />
  );
}

function InviteForm({ roles, onInvited }: { roles: Role[]; onInvited: () => void }) {
  const {
    labels: { roles: ROLE_LABELS },
    users: u,
  } = useAdminTexts(adminPeoplePart);
  const form = useZodForm(staffInviteSchema, { defaultValues: { email: '', role: 'employee' } });
  const locked = useOwnerRoleLocked();
  // A choice made before the plan said Basis is not kept: it could only be refused.
  useEffect(() => {
    if (locked && form.getValues('role') === 'business_owner') form.setValue('role', 'employee');
  }, [locked, form]);
  return (
    <Form
      form={form}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={async (values) => {
        const invited = await adminApi.inviteUser(values);
        toast(invitationToast(invited, u.invited(invited.email)));
        form.reset({ email: '', role: values.role });
        onInvited();
      }}
    >
      <FormError />
      <TextField
        name="email"
        type="email"
        label={u.email}
        required
        autoComplete="off"
        className="min-w-0 flex-1"
      />
      <RoleField
        label={u.role}
        options={roles.map((role) => roleOption(role, ROLE_LABELS[role], locked))}
      />
      <SubmitButton pendingText={u.inviting} className="sm:mt-7">
        {u.invite}
      </SubmitButton>
    </Form>
  );
}

/** The invitation's role: a select whose Pro choice can be off (the form's select has no such). */
function RoleField({
  label,
  options,
}: {
  label: string;
  options: { value: Role; label: string; disabled: boolean }[];
}) {
  const { register } = useFormContext<{ role: Role }>();
  return (
    <FieldFrame name="role" label={label}>
      {(control) => (
        <select className={selectClasses} {...control} {...register('role')}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

function RoleDialog({
  user,
  roles,
  onClose,
  onSaved,
}: {
  user: StaffUser;
  roles: Role[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const {
    labels: { roles: ROLE_LABELS },
    common: commonTexts,
    users: u,
  } = useAdminTexts(adminPeoplePart);
  const [role, setRole] = useState<Role>(user.role);
  const selectId = useId();
  const locked = useOwnerRoleLocked();
  const options = roles.map((option) => roleOption(option, ROLE_LABELS[option], locked, user.role));
  const save = useMutation({
    mutationFn: () => adminApi.setUserRole(user.id, { role }),
    onSuccess: () => {
      toast({ title: u.roleSaved, variant: 'success' });
      onSaved();
    },
    onError: failed,
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={u.roleDialogTitle(user.fullName ?? user.email)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {commonTexts.cancel}
          </Button>
          <Button
            disabled={
              save.isPending || options.some((option) => option.disabled && option.value === role)
            }
            aria-busy={save.isPending}
            onClick={() => save.mutate()}
          >
            {u.roleSave}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={selectId}>{u.role}</Label>
        <select
          id={selectId}
          className={selectClasses}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {options.some((option) => option.disabled) ? (
        <div className="mt-4">
          <ProNotice feature="manager_role" />
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * The answer to 'Einladen' and 'Einladung erneut senden' by where the e-mail stands after the
 * server's first attempt: "gesendet" only when the mail server took it.
 */
function invitationToast(person: StaffUser, sent: string) {
  const { users: u } = activeAdminTexts(adminPeoplePart);
  switch (person.invitationDelivery) {
    case 'retrying':
      return { title: u.invitePending(person.email) };
    case 'failed':
      return { title: u.inviteFailed(person.email), variant: 'destructive' as const };
    case 'logged':
      return { title: u.inviteLogged(person.email) };
    default:
      return { title: sent, variant: 'success' as const };
  }
}
