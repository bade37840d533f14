import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardHeading, CardTitle } from "@/components/ui/card";
import { FormCard, SaveResetFooter } from "@/components/form-card";
import { SwitchRow } from "@/components/form/switch-field";
import { Can, useAbility } from "@/lib/ability";
import { settingsApi } from "@/features/settings/api";
import { confirm } from "@/lib/confirm";
import { applyServerErrors, useResetWhileClean, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { cn } from "@/lib/utils";
import { accountQueries } from "@/features/accounts/api";
import { AccountFields } from "@/features/accounts/components/account-fields";
import { LoadError } from "@/components/load-error";
import { accountFormSchema, type AccountFormValues } from "@/features/accounts/schemas";
import type { Account, AccountSettings } from "@/features/accounts/types";
import { SectionSkeleton } from "./section-skeleton";

export function GeneralTab({ accountId }: { accountId: string }) {
  const account = useQuery(accountQueries.detail(accountId));
  if (account.isPending) return <SectionSkeleton rows={5} />;
  if (account.isError) return <LoadError error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />;
  return (
    <div className="space-y-6">
      <AccountDetailsCard account={account.data} />
      <Can I="read" a="AccountSettings">
        <DefaultsCard accountId={accountId} />
      </Can>
      <DangerZone account={account.data} />
    </div>
  );
}

function toValues(a: Account): AccountFormValues {
  return {
    name: a.name,
    timezone: a.timezone,
    language: (["ru", "en", "ar", "fr"].includes(a.language) ? a.language : "ru") as AccountFormValues["language"],
    description: a.description ?? "",
    website: a.website ?? "",
  };
}

function AccountDetailsCard({ account }: { account: Account }) {
  const { t } = useTranslation(["settings", "accounts"]);
  const queryClient = useQueryClient();
  const ability = useAbility();
  const canEdit = ability.can("update", "Account");
  const schema = useMemo(() => accountFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: toValues(account) });

  useResetWhileClean(form, account, toValues);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await settingsApi.updateAccount(account.accountId, { ...values, description: values.description || null, website: values.website || "" });
      notify({ id: `account-saved-${account.accountId}`, type: "success", message: t("general.saved") });
      queryClient.setQueryData(accountQueries.detail(account.accountId).queryKey, (old) => (old ? { ...old, ...res, wizard: old.wizard } : old));
      form.reset(toValues(res));
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      await queryClient.invalidateQueries({ queryKey: ["accounts", "list"] });
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: t("general.saveFailed") });
    }
  });

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("general.title")}
      description={canEdit ? t("general.description") : t("general.readOnly")}
      footer={canEdit}
      onReset={() => form.reset(toValues(account))}
      resetLabel={t("actions.reset")}
      submitLabel={t("actions.save")}
    >
      <AccountFields form={form} disabled={!canEdit} />
    </FormCard>
  );
}

type ToggleKey = "inbox.aiOnForNewThreads" | "inbox.soundOnNewMessage" | "notifications.emailOnHandoff" | "notifications.emailOnChannelDown" | "comments.autoReply";
const TOGGLES: ToggleKey[] = ["inbox.aiOnForNewThreads", "inbox.soundOnNewMessage", "notifications.emailOnHandoff", "notifications.emailOnChannelDown", "comments.autoReply"];

function read(s: AccountSettings, key: ToggleKey): boolean {
  const [group, field] = key.split(".") as [keyof AccountSettings, string];
  return Boolean((s[group] as unknown as Record<string, boolean>)[field]);
}

function DefaultsCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const ability = useAbility();
  const canEdit = ability.can("update", "AccountSettings");
  const settings = useQuery(accountQueries.settings(accountId));
  const [draft, setDraft] = useState<Record<ToggleKey, boolean> | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings.data) setDraft(Object.fromEntries(TOGGLES.map((k) => [k, read(settings.data, k)])) as Record<ToggleKey, boolean>);
  }, [settings.data]);

  if (settings.isPending || !draft) {
    if (settings.isError) return <LoadError error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
    return <SectionSkeleton rows={3} />;
  }
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;

  const dirty = TOGGLES.some((k) => draft[k] !== read(settings.data, k));
  const save = async () => {
    setSaving(true);
    try {
      const res = await settingsApi.updateSettings(accountId, {
        inbox: { aiOnForNewThreads: draft["inbox.aiOnForNewThreads"], soundOnNewMessage: draft["inbox.soundOnNewMessage"] },
        notifications: { emailOnHandoff: draft["notifications.emailOnHandoff"], emailOnChannelDown: draft["notifications.emailOnChannelDown"] },
        comments: { autoReply: draft["comments.autoReply"] },
      });
      notify({ id: `settings-saved-${accountId}`, type: "success", message: t("defaults.saved") });
      queryClient.setQueryData(accountQueries.settings(accountId).queryKey, res);
    } catch {
      // the API client has shown the reason
    } finally {
      setSaving(false);
    }
  };

  const groups: { title: string; keys: ToggleKey[] }[] = [
    { title: t("defaults.groups.inbox"), keys: ["inbox.aiOnForNewThreads", "inbox.soundOnNewMessage"] },
    { title: t("defaults.groups.notifications"), keys: ["notifications.emailOnHandoff", "notifications.emailOnChannelDown"] },
    { title: t("defaults.groups.comments"), keys: ["comments.autoReply"] },
  ];

  return (
    <Card data-testid="defaults-card">
      <CardHeading title={t("defaults.title")} description={t("defaults.description")} />
      <CardContent className="space-y-6">
        {groups.map((g) => (
          <fieldset key={g.title} className="space-y-1">
            <legend className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">{g.title}</legend>
            {g.keys.map((k) => (
              <SwitchRow
                key={k}
                id={`setting-${k.replace(".", "-")}`}
                label={t(`defaults.items.${k}.label`)}
                hint={t(`defaults.items.${k}.hint`)}
                checked={draft[k]}
                disabled={!canEdit}
                onCheckedChange={(v) => setDraft({ ...draft, [k]: v })}
                className="rounded-md py-2"
              />
            ))}
          </fieldset>
        ))}
      </CardContent>
      {canEdit && (
        <SaveResetFooter
          dirty={dirty}
          saving={saving}
          onReset={() => setDraft(Object.fromEntries(TOGGLES.map((k) => [k, read(settings.data, k)])) as Record<ToggleKey, boolean>)}
          onSave={save}
          resetLabel={t("actions.reset")}
          saveLabel={t("actions.save")}
        />
      )}
    </Card>
  );
}

function DangerZone({ account }: { account: Account }) {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction<"leave" | "delete">();

  // Leave the account's routes first: refreshing the session while still on them would bounce
  // to /not-authorized, since the account is no longer among the user's.
  const afterAccountGone = async () => {
    await navigate("/accounts", { replace: true });
    queryClient.removeQueries({ queryKey: ["accounts", account.accountId] });
    await queryClient.invalidateQueries({ queryKey: ["auth"] });
    await queryClient.invalidateQueries({ queryKey: ["accounts", "list"] });
  };

  /** Leave the account, or delete it (owners): confirmed first; the button spins until the page is left. */
  const endMembership = async (kind: "leave" | "delete") => {
    const ok = await confirm({ title: t(`danger.${kind}ConfirmTitle`), message: t(`danger.${kind}Confirm`, { name: account.name }), confirmText: t(`danger.${kind}`) });
    if (!ok) return;
    await run(kind, async () => {
      await (kind === "leave" ? settingsApi.leave(account.accountId) : settingsApi.removeAccount(account.accountId));
      notify({ type: "success", message: t(kind === "leave" ? "danger.left" : "danger.deleted", { name: account.name }) });
      await afterAccountGone();
    });
  };

  return (
    <Card className="ring-1 ring-destructive/30" data-testid="danger-zone">
      <CardHeader>
        <CardTitle className="text-destructive">{t("danger.title")}</CardTitle>
        <CardDescription>{t("danger.description")}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <DangerRow title={t("danger.leaveTitle")} hint={t("danger.leaveHint")} className="pb-4">
          <Button variant="outline" onClick={() => endMembership("leave")} loading={busy === "leave"} className="shrink-0">
            <LogOut aria-hidden />
            {t("danger.leave")}
          </Button>
        </DangerRow>
        <Can I="delete" a="Account">
          <DangerRow title={t("danger.deleteTitle")} hint={t("danger.deleteHint")} className="pt-4">
            <Button variant="destructive" onClick={() => endMembership("delete")} loading={busy === "delete"} className="shrink-0" data-testid="delete-account">
              <Trash2 aria-hidden />
              {t("danger.delete")}
            </Button>
          </DangerRow>
        </Can>
      </CardContent>
    </Card>
  );
}

/** One action of the danger zone: what it does, and its button. */
function DangerRow({ title, hint, className, children }: { title: string; hint: string; className: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between", className)}>
      <div>
        <p className="font-medium text-heading">{title}</p>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      {children}
    </div>
  );
}
