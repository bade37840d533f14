import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, MailWarning } from "lucide-react";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormCard } from "@/components/form-card";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { authApi } from "@/features/auth/api";
import { profileApi } from "@/features/profile/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { setLanguage, SWITCHER_LANGUAGES } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import type { Language } from "@/lib/preferences";
import { useSession, type SessionUser } from "@/lib/session";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { nameField } from "@/features/auth/schemas";

export function ProfileCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation(["profile", "accounts", "auth"]);
  const queryClient = useQueryClient();
  const languages = SWITCHER_LANGUAGES.includes(user.language as Language) ? SWITCHER_LANGUAGES : [...SWITCHER_LANGUAGES, user.language as Language];
  const schema = useMemo(() => z.object({ name: nameField(t), language: z.enum(["ru", "en", "ar", "fr"]) }), [t]);
  const initial = () => ({ name: user.name, language: (user.language || "ru") as Language });
  const form = useZodForm(schema, { defaultValues: initial() });

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.name, user.language]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await profileApi.updateMe(values);
      if (values.language !== user.language) await setLanguage(values.language);
      notify({ type: "success", message: t("profile.saved") });
      form.reset({ name: res.user.name, language: res.user.language as Language });
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("profile.saveFailed") });
    }
  });

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("profile.title")}
      header={
        <CardHeader>
          <div className="flex items-center gap-4">
            <InitialsAvatar name={user.name} className="size-14 text-lg" />
            <div className="min-w-0">
              <CardTitle className="truncate">{user.name}</CardTitle>
              <CardDescription className="flex flex-wrap items-center gap-2">
                <span className="truncate">{user.email}</span>
                {user.emailVerified ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden />
                    {t("profile.verified")}
                  </Badge>
                ) : (
                  <Badge variant="warning">
                    <MailWarning aria-hidden />
                    {t("profile.unverified")}
                  </Badge>
                )}
              </CardDescription>
            </div>
          </div>
        </CardHeader>
      }
      intro={
        !user.emailVerified && (
          <CardContent>
            <VerifyBanner />
          </CardContent>
        )
      }
      contentClassName="grid gap-4 sm:grid-cols-2"
      onReset={() => form.reset(initial())}
      resetLabel={t("actions.reset")}
      submitLabel={t("actions.save")}
    >
      <TextField control={form.control} name="name" label={t("profile.name")} autoComplete="name" />
      <SelectField
        control={form.control}
        name="language"
        label={t("profile.language")}
        description={t("profile.languageHint")}
        triggerClassName="w-full"
        triggerTestId="profile-language"
        options={languages.map((l) => ({ value: l, label: t(`accounts:languages.${l}`) }))}
      />
    </FormCard>
  );
}

function VerifyBanner() {
  const { t } = useTranslation("profile");
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await authApi.resendVerification();
      notify({ type: "success", message: t("profile.verifySent") });
      setSent(true);
      void refresh();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-md bg-warning/12 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <p className="text-sm text-foreground">{t("profile.verifyText")}</p>
      </div>
      <Button size="sm" variant="outline" onClick={resend} loading={busy} disabled={sent} className="shrink-0">
        {sent ? t("profile.verifyResent") : t("profile.verifyResend")}
      </Button>
    </div>
  );
}
