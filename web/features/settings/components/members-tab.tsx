import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MailX, Trash2, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeading } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Can, useAbility } from "@/lib/ability";
import { settingsApi } from "@/features/settings/api";
import { confirm } from "@/lib/confirm";
import { formatDate } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { useSession } from "@/lib/session";
import { accountQueries } from "@/features/accounts/api";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { LoadError } from "@/components/load-error";
import { RoleBadge } from "@/features/accounts/components/role-badge";
import { ROLE_OPTIONS, type Invitation, type Member, type Role } from "@/features/accounts/types";
import { InviteDialog } from "./invite-dialog";
import { SectionSkeleton } from "./section-skeleton";

export function MembersTab({ accountId, myRole }: { accountId: string; myRole: Role | undefined }) {
  const { t } = useTranslation(["settings", "accounts"]);
  const members = useQuery(accountQueries.members(accountId));
  const ability = useAbility();

  if (members.isPending) return <SectionSkeleton rows={3} />;
  if (members.isError) return <LoadError error={members.error} onRetry={() => members.refetch()} retrying={members.isFetching} />;

  return (
    <div className="space-y-6">
      <Card className="gap-4 pb-2" data-testid="members-card">
        <CardHeading
          title={t("members.title")}
          description={t("members.description", { count: members.data.data.length })}
          action={
            ability.can("create", "Member") && myRole && (
              <InviteDialog accountId={accountId} myRole={myRole} />
            )
          }
        />
        <MembersTable accountId={accountId} members={members.data.data} myRole={myRole} />
      </Card>
      <Can I="manage" a="Member">
        <InvitationsCard accountId={accountId} invitations={members.data.invitations} />
      </Can>
    </div>
  );
}

function MembersTable({ accountId, members, myRole }: { accountId: string; members: Member[]; myRole: Role | undefined }) {
  const { t } = useTranslation(["settings", "accounts"]);
  const { user } = useSession();
  const ability = useAbility();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const canUpdate = ability.can("update", "Member");
  const canDelete = ability.can("delete", "Member");
  const key = accountQueries.members(accountId).queryKey;

  const changeRole = async (m: Member, role: Role) => {
    if (role === m.role) return;
    await run(m.userId, async () => {
      await settingsApi.setMemberRole(accountId, m.userId, { role });
      notify({ type: "success", message: t("members.roleChanged", { name: m.name, role: t(`accounts:roles.${role}`) }) });
      await queryClient.invalidateQueries({ queryKey: key });
    });
  };

  const remove = async (m: Member) => {
    const ok = await confirm({ title: t("members.removeConfirmTitle"), message: t("members.removeConfirm", { name: m.name }), confirmText: t("members.remove") });
    if (!ok) return;
    await run(m.userId, async () => {
      await settingsApi.removeMember(accountId, m.userId);
      notify({ type: "success", message: t("members.removed", { name: m.name }) });
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ["accounts", accountId, "detail"] });
    });
  };

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="ps-6">{t("members.columns.member")}</TableHead>
          <TableHead>{t("members.columns.role")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("members.columns.joined")}</TableHead>
          {canDelete && <TableHead className="pe-6 text-end">{t("members.columns.actions")}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((m) => {
          const self = m.userId === user?.id;
          // Owners are changed only by owners; nobody edits their own role here (leaving is separate).
          const editable = canUpdate && !self && (myRole === "owner" || m.role !== "owner");
          const removable = canDelete && !self && (myRole === "owner" || m.role !== "owner");
          return (
            <TableRow key={m.userId} data-testid={`member-${m.email}`}>
              <TableCell className="ps-6">
                <div className="flex items-center gap-3">
                  <InitialsAvatar name={m.name} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-heading">
                      {m.name}
                      {self && <span className="ms-2 text-sm font-normal text-muted-foreground">{t("members.you")}</span>}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{m.email}</p>
                  </div>
                </div>
              </TableCell>
              <TableCell>
                {editable ? (
                  <Select value={m.role} onValueChange={(v) => changeRole(m, v as Role)} disabled={busy === m.userId}>
                    <SelectTrigger size="sm" className="w-40" aria-label={t("members.changeRole", { name: m.name })}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {ROLE_OPTIONS.filter((r) => myRole === "owner" || r !== "owner").map((r) => (
                        <SelectItem key={r} value={r}>
                          {t(`accounts:roles.${r}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : (
                  <RoleBadge role={m.role} />
                )}
              </TableCell>
              <TableCell className="hidden text-muted-foreground md:table-cell">{formatDate(m.createdAt)}</TableCell>
              {canDelete && (
                <TableCell className="pe-6 text-end">
                  {removable && (
                    <Button variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-destructive" onClick={() => remove(m)} loading={busy === m.userId} aria-label={t("members.removeLabel", { name: m.name })}>
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function InvitationsCard({ accountId, invitations }: { accountId: string; invitations: Invitation[] }) {
  const { t } = useTranslation(["settings", "accounts"]);
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();

  const revoke = async (inv: Invitation) => {
    const ok = await confirm({ title: t("invitations.revokeConfirmTitle"), message: t("invitations.revokeConfirm", { email: inv.email }), confirmText: t("invitations.revoke") });
    if (!ok) return;
    await run(inv.invitationId, async () => {
      await settingsApi.revokeInvitation(accountId, inv.invitationId);
      notify({ type: "success", message: t("invitations.revoked", { email: inv.email }) });
      await queryClient.invalidateQueries({ queryKey: accountQueries.members(accountId).queryKey });
    });
  };

  return (
    <Card className="gap-4 pb-2" data-testid="invitations-card">
      <CardHeading title={t("invitations.title")} description={t("invitations.description")} />
      {invitations.length === 0 ? (
        <EmptyState className="py-8" icon={Users} title={t("invitations.emptyTitle")} description={t("invitations.empty")} />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="ps-6">{t("invitations.columns.email")}</TableHead>
              <TableHead>{t("invitations.columns.role")}</TableHead>
              <TableHead className="hidden md:table-cell">{t("invitations.columns.sent")}</TableHead>
              <TableHead>{t("invitations.columns.status")}</TableHead>
              <TableHead className="pe-6 text-end">{t("members.columns.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invitations.map((inv) => (
              <TableRow key={inv.invitationId} data-testid={`invitation-${inv.email}`}>
                <TableCell className="ps-6 font-medium text-heading">{inv.email}</TableCell>
                <TableCell>
                  <RoleBadge role={inv.role} />
                </TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{formatDate(inv.createdAt)}</TableCell>
                <TableCell>
                  {inv.expired ? (
                    <Badge variant="destructive">{t("invitations.expired")}</Badge>
                  ) : (
                    <Badge variant="warning">{t("invitations.pending", { date: formatDate(inv.expiresAt) })}</Badge>
                  )}
                </TableCell>
                <TableCell className="pe-6 text-end">
                  <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive" onClick={() => revoke(inv)} loading={busy === inv.invitationId}>
                    <MailX aria-hidden />
                    {t("invitations.revoke")}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
