import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "@/lib/nav";
import { Link2Off } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/form/field";
import { authApi } from "@/features/auth/api";
import { ApiError, serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { AuthForm, AuthShell, BackToLogin } from "@/features/auth/components/auth-shell";
import { StatusPanel } from "@/features/auth/components/status-panel";
import { handleFormError } from "@/features/auth/server-error";

export const handle = { titleKey: "auth:reset.pageTitle" };

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const [formError, setFormError] = useState("");
  const [linkError, setLinkError] = useState(token.length < 10 ? t("reset.noToken") : "");
  // The schema (and zod) load at the first validation, not with the page.
  const schema = useCallback(() => import("@/features/auth/schemas").then((m) => m.resetPasswordSchema(t)), [t]);
  const form = useZodForm(schema, { defaultValues: { password: "", confirmPassword: "" } });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError("");
    try {
      const res = await authApi.resetPassword({ token, password });
      notify({ type: "success", message: serverText(res.message, i18n.t("common:serverToasts.passwordReset")) });
      navigate("/login", { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.body?.code === "INVALID_TOKEN") {
        setLinkError(e.body.message);
        return;
      }
      setFormError(handleFormError(form, e, t("reset.failed")));
    }
  });

  const back = <BackToLogin />;

  if (linkError) {
    return (
      <AuthShell title={t("reset.title")} footer={back}>
        <StatusPanel tone="error" icon={Link2Off} title={t("reset.badLinkTitle")} description={linkError}>
          <Button asChild className="w-full">
            <Link to="/auth/forgot-password">{t("reset.requestNew")}</Link>
          </Button>
        </StatusPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t("reset.title")} subtitle={t("reset.subtitle")} footer={back}>
      <AuthForm form={form} onSubmit={onSubmit} label={t("reset.title")} error={formError} submitLabel={t("reset.submit")}>
        <PasswordField control={form.control} name="password" label={t("fields.newPassword")} autoComplete="new-password" autoFocus placeholder={t("fields.newPasswordPlaceholder")} />
        <PasswordField control={form.control} name="confirmPassword" label={t("fields.confirmPassword")} autoComplete="new-password" />
      </AuthForm>
    </AuthShell>
  );
}
