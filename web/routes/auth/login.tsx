import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "@/lib/nav";
import { PasswordField, TextField } from "@/components/form/field";
import { authApi } from "@/features/auth/api";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { AuthForm, AuthShell } from "@/features/auth/components/auth-shell";
import { safeRedirect } from "@/features/auth/redirect";
import { handleFormError } from "@/features/auth/server-error";
// The light session store: the sign-in pages load without the /auth/me query (and React Query).
import { signIn } from "@/lib/session-store";

export const handle = { titleKey: "auth:login.pageTitle" };

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [formError, setFormError] = useState("");
  const redirectUrl = params.get("redirect_url");
  // The schema (and zod) load at the first validation, not with the page.
  const schema = useCallback(() => import("@/features/auth/schemas").then((m) => m.loginSchema(t)), [t]);
  const form = useZodForm(schema, { defaultValues: { email: params.get("email") ?? "", password: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError("");
    try {
      const res = await authApi.login(values);
      await signIn(res.accessToken, res.user);
      navigate(safeRedirect(redirectUrl), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        form.setError("password", { type: "server", message: e.body?.message || t("login.invalid") });
        return;
      }
      setFormError(handleFormError(form, e, t("login.failed")));
    }
  });

  return (
    <AuthShell
      title={t("login.title")}
      subtitle={redirectUrl ? t("login.sessionExpired") : t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link className="font-medium text-primary hover:underline" to={{ pathname: "/register", search: redirectUrl ? `?redirect_url=${encodeURIComponent(redirectUrl)}` : "" }}>
            {t("login.registerLink")}
          </Link>
        </>
      }
    >
      <AuthForm form={form} onSubmit={onSubmit} label={t("login.title")} error={formError} submitLabel={t("login.submit")}>
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" autoComplete="email" autoFocus placeholder={t("fields.emailPlaceholder")} />
        {/* «Забыли пароль?» shows on the password's label line but comes after the field for the keyboard (e-mail → password → link). */}
        <div className="relative">
          <PasswordField control={form.control} name="password" label={t("fields.password")} autoComplete="current-password" placeholder="••••••••" />
          <Link to="/auth/forgot-password" className="absolute end-0 top-0 text-sm leading-none text-primary hover:underline" data-testid="forgot-password-link">
            {t("login.forgot")}
          </Link>
        </div>
      </AuthForm>
    </AuthShell>
  );
}
