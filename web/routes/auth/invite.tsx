import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, CircleAlert, CircleCheck, Hourglass, Link2Off, MailWarning } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { authApi } from "@/features/auth/api";
import { ApiError, serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { StatusPanel } from "@/features/auth/components/status-panel";

export const handle = { titleKey: "auth:invite.pageTitle" };

function InviteDetails({ email, roleLabel }: { email: string; roleLabel: string }) {
  const { t } = useTranslation("auth");
  return (
    <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted-foreground">{t("invite.email")}</dt>
      <dd className="truncate font-medium">{email}</dd>
      <dt className="text-muted-foreground">{t("invite.role")}</dt>
      <dd>
        <Badge variant="secondary">{roleLabel}</Badge>
      </dd>
    </dl>
  );
}

/** A signed-out visitor registers with the invited e-mail or signs in and comes back here. */
function GuestChoices({ token, email, here }: { token: string; email: string; here: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Button asChild className="w-full">
        <Link to={`/register?inviteToken=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`}>{t("invite.register")}</Link>
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link to={`/login?redirect_url=${encodeURIComponent(here)}&email=${encodeURIComponent(email)}`}>{t("invite.login")}</Link>
      </Button>
    </>
  );
}

/**
 * A used invitation opened signed out: registering from it again cannot work, so the invitee signs
 * in with the invited address and comes back here, where the account opens.
 */
function AcceptedForGuest({ account, email, here }: { account: string; email: string; here: string }) {
  const { t } = useTranslation("auth");
  return (
    <AuthShell title={t("invite.title")}>
      <StatusPanel tone="info" icon={CircleCheck} title={t("invite.acceptedTitle")} description={t("invite.accepted", { account, email })}>
        <Button asChild className="w-full">
          <Link to={`/login?redirect_url=${encodeURIComponent(here)}&email=${encodeURIComponent(email)}`}>{t("invite.signIn")}</Link>
        </Button>
      </StatusPanel>
    </AuthShell>
  );
}

export default function InvitePage() {
  const { t } = useTranslation(["auth", "accounts"]);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isAuthenticated, signOut, refresh } = useSession();
  const [accepting, setAccepting] = useState(false);
  const here = `/invite?token=${encodeURIComponent(token)}`;

  const info = useQuery({
    queryKey: ["invitations", token],
    queryFn: () => authApi.invitation(token),
    enabled: token.length >= 10,
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });

  const accept = async () => {
    setAccepting(true);
    try {
      const res = await authApi.acceptInvitation({ token });
      notify({ type: "success", message: serverText(res.message, i18n.t("common:serverToasts.joined", { name: res.accountName })) });
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      await refresh();
      navigate(`/${res.accountId}/dashboard`, { replace: true });
    } catch {
      setAccepting(false);
    }
  };

  if (token.length < 10 || (info.isError && info.error instanceof ApiError && info.error.status === 404)) {
    return (
      <AuthShell title={t("invite.title")}>
        <StatusPanel tone="error" icon={Link2Off} title={t("invite.notFoundTitle")} description={t("invite.notFound")}>
          <Button asChild variant="outline" className="w-full">
            <Link to="/">{t("invite.home")}</Link>
          </Button>
        </StatusPanel>
      </AuthShell>
    );
  }
  if (info.isError) {
    return (
      <AuthShell title={t("invite.title")}>
        <StatusPanel tone="error" icon={CircleAlert} title={t("invite.loadFailedTitle")} description={t("invite.loadFailed")}>
          <Button className="w-full" onClick={() => info.refetch()} loading={info.isFetching}>
            {t("invite.retry")}
          </Button>
        </StatusPanel>
      </AuthShell>
    );
  }
  if (!info.data) {
    return (
      <AuthShell title={t("invite.title")}>
        <div className="space-y-4 rounded-md border bg-card p-6" aria-busy="true">
          <Skeleton className="mx-auto size-14 rounded-full" />
          <Skeleton className="mx-auto h-6 w-2/3" />
          <Skeleton className="mx-auto h-4 w-5/6" />
          <Skeleton className="h-10 w-full" />
        </div>
      </AuthShell>
    );
  }

  const inv = info.data;
  const roleLabel = t(`accounts:roles.${inv.role}`);
  if (inv.expired && !inv.accepted) {
    return (
      <AuthShell title={t("invite.title")}>
        <StatusPanel tone="warning" icon={Hourglass} title={t("invite.expiredTitle")} description={t("invite.expired", { account: inv.accountName })} />
      </AuthShell>
    );
  }

  if (inv.accepted && !isAuthenticated) return <AcceptedForGuest account={inv.accountName} email={inv.email} here={here} />;

  const mismatch = isAuthenticated && user && user.email !== inv.email;
  return (
    <AuthShell title={t("invite.title")} subtitle={t("invite.subtitle")}>
      <div className="rounded-md bg-card p-6 shadow-card bordered:border bordered:border-border">
        <div className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
            <Building2 className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-heading" data-testid="invite-account">{inv.accountName}</p>
            <p className="text-sm text-muted-foreground">
              {inv.invitedBy ? t("invite.invitedBy", { name: inv.invitedBy }) : t("invite.invitedNoName")}
            </p>
          </div>
        </div>
        <InviteDetails email={inv.email} roleLabel={roleLabel} />
        <div className="mt-6 space-y-3">
          {mismatch ? (
            <>
              <div className="flex gap-2.5 rounded-md bg-warning/15 p-3 text-sm text-foreground">
                <MailWarning className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                <p>{t("invite.mismatch", { invited: inv.email, current: user.email })}</p>
              </div>
              <Button variant="outline" className="w-full" onClick={() => signOut()}>
                {t("invite.switchUser")}
              </Button>
            </>
          ) : isAuthenticated ? (
            <Button className="w-full" onClick={accept} loading={accepting}>
              {inv.accepted ? t("invite.open") : t("invite.accept")}
            </Button>
          ) : (
            <GuestChoices token={token} email={inv.email} here={here} />
          )}
        </div>
      </div>
    </AuthShell>
  );
}
