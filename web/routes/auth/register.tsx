import { useCallback, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "@/lib/nav";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { authApi } from "@/features/auth/api";
import { useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { FormAlert } from "@/features/auth/components/form-alert";
import { PasswordInput } from "@/features/auth/components/password-input";
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
      const res = await authApi.register({ name, email, password, ...(inviteToken ? { inviteToken } : {}) });
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
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("register.title")}>
          <FormAlert message={formError} />
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("fields.name")}</FormLabel>
                <FormControl>
                  <Input autoComplete="name" autoFocus placeholder={t("fields.namePlaceholder")} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("fields.email")}</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder={t("fields.emailPlaceholder")} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("fields.password")}</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="new-password" placeholder={t("fields.newPasswordPlaceholder")} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="confirmPassword"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("fields.confirmPassword")}</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="terms"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-start gap-2.5">
                  <FormControl>
                    <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} className="mt-0.5" />
                  </FormControl>
                  <FormLabel className="block text-sm leading-snug font-normal">
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
                  </FormLabel>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
            {t("register.submit")}
          </Button>
        </form>
      </Form>
    </AuthShell>
  );
}
