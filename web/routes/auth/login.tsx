import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "@/lib/nav";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { authApi } from "@/features/auth/api";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { FormAlert } from "@/features/auth/components/form-alert";
import { PasswordInput } from "@/features/auth/components/password-input";
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
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("login.title")}>
          <FormAlert message={formError} />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("fields.email")}</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" autoFocus placeholder={t("fields.emailPlaceholder")} {...field} />
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
                <div className="flex items-center justify-between">
                  <FormLabel>{t("fields.password")}</FormLabel>
                  <Link to="/auth/forgot-password" className="text-sm text-primary hover:underline">
                    {t("login.forgot")}
                  </Link>
                </div>
                <FormControl>
                  <PasswordInput autoComplete="current-password" placeholder="••••••••" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
            {t("login.submit")}
          </Button>
        </form>
      </Form>
    </AuthShell>
  );
}
