import { useCallback, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "@/lib/nav";
import { CheckboxField } from "@/components/form/checkbox-field";
import { PasswordField, TextField } from "@/components/form/field";
import { authApi } from "@/features/auth/api";
import { useZodForm } from "@/lib/form";
import { storedPartnerCode } from "@/lib/partner";
import { notify } from "@/lib/notify";
import { AuthForm, AuthShell } from "@/features/auth/components/auth-shell";
import { safeRedirect } from "@/features/auth/redirect";
import { handleFormError } from "@/features/auth/server-error";
// The light session store: the sign-in pages load without the /auth/me query (and React Query).
import { signIn } from "@/lib/session-store";

export const handle = { titleKey: "auth:register.pageTitle" };

/** "Already have an account? Sign in", keeping where the visitor was going. */
function LoginLink({ redirectUrl }: { redirectUrl: string | null }) {
  const { t } = useTranslation("auth");
  return (
    <>
      {t("register.haveAccount")}{" "}
      <Link className="font-medium text-primary hover:underline" to={{ pathname: "/login", search: redirectUrl ? `?redirect_url=${encodeURIComponent(redirectUrl)}` : "" }}>
        {t("register.loginLink")}
      </Link>
    </>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [formError, setFormError] = useState("");
  const inviteToken = params.get("inviteToken") ?? undefined;
  const redirectUrl = params.get("redirect_url");

  // The schema (and zod) load at the first validation, not with the page.
  const schema = useCallback(() => import("@/features/auth/schemas").then((m) => m.registerSchema(t)), [t]);
  const form = useZodForm(schema, { defaultValues: { name: "", email: params.get("email") ?? "", password: "", confirmPassword: "", terms: false } });

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    setFormError("");
    try {
      const partnerCode = storedPartnerCode();
      const res = await authApi.register({ name, email, password, ...(inviteToken ? { inviteToken } : {}), ...(partnerCode ? { partnerCode } : {}) });
      await signIn(res.accessToken, res.user);
      notify({ type: "success", message: t("register.done", { email: res.user.email }) });
      navigate(inviteToken ? "/" : safeRedirect(redirectUrl, "/accounts"), { replace: true });
    } catch (e) {
      setFormError(handleFormError(form, e, t("register.failed")));
    }
  });

  return (
    <AuthShell
      title={inviteToken ? t("register.inviteTitle") : t("register.title")}
      subtitle={inviteToken ? t("register.inviteSubtitle") : t("register.subtitle")}
      footer={<LoginLink redirectUrl={redirectUrl} />}
    >
      <AuthForm form={form} onSubmit={onSubmit} label={t("register.title")} error={formError} submitLabel={t("register.submit")}>
        <TextField control={form.control} name="name" label={t("fields.name")} autoComplete="name" autoFocus placeholder={t("fields.namePlaceholder")} />
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" autoComplete="email" placeholder={t("fields.emailPlaceholder")} />
        <PasswordField control={form.control} name="password" label={t("fields.password")} autoComplete="new-password" placeholder={t("fields.newPasswordPlaceholder")} />
        <PasswordField control={form.control} name="confirmPassword" label={t("fields.confirmPassword")} autoComplete="new-password" />
        <CheckboxField
          control={form.control}
          name="terms"
          label={
            <span>
              <Trans
                t={t}
                i18nKey="register.terms"
                components={{
                  terms: <Link to="/terms-of-use" target="_blank" className="text-primary hover:underline" />,
                  privacy: <Link to="/privacy-policy" target="_blank" className="text-primary hover:underline" />,
                }}
              />
            </span>
          }
        />
      </AuthForm>
    </AuthShell>
  );
}
