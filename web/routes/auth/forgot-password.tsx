import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/form/field";
import { authApi } from "@/features/auth/api";
import { useZodForm } from "@/lib/form";
import { AuthForm, AuthShell, BackToLogin } from "@/features/auth/components/auth-shell";
import { StatusPanel } from "@/features/auth/components/status-panel";
import { handleFormError } from "@/features/auth/server-error";

export const handle = { titleKey: "auth:forgot.pageTitle" };

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [formError, setFormError] = useState("");
  // The schema (and zod) load at the first validation, not with the page.
  const schema = useCallback(() => import("@/features/auth/schemas").then((m) => m.forgotPasswordSchema(t)), [t]);
  const form = useZodForm(schema, { defaultValues: { email: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await authApi.forgotPassword(values);
      setSentTo({ email: values.email, message: res.message });
    } catch (e) {
      setFormError(handleFormError(form, e, t("forgot.failed")));
    }
  });

  const back = <BackToLogin />;

  if (sentTo) {
    return (
      <AuthShell title={t("forgot.sentTitle")} footer={back}>
        <StatusPanel tone="success" icon={MailCheck} title={sentTo.email} description={serverText(sentTo.message, i18n.t("common:serverToasts.resetMailSent"))}>
          <p className="text-sm text-muted-foreground">{t("forgot.sentHint")}</p>
          <Button variant="outline" className="w-full" onClick={() => setSentTo(null)}>
            {t("forgot.again")}
          </Button>
        </StatusPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t("forgot.title")} subtitle={t("forgot.subtitle")} footer={back}>
      <AuthForm form={form} onSubmit={onSubmit} label={t("forgot.title")} error={formError} submitLabel={t("forgot.submit")}>
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" autoComplete="email" autoFocus placeholder={t("fields.emailPlaceholder")} />
      </AuthForm>
    </AuthShell>
  );
}
