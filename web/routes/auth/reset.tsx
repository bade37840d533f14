import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "@/lib/nav";
import { ArrowLeft, Link2Off } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { authApi } from "@/features/auth/api";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { FormAlert } from "@/features/auth/components/form-alert";
import { PasswordInput } from "@/features/auth/components/password-input";
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
      notify({ type: "success", message: res.message });
      navigate("/login", { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.body?.code === "INVALID_TOKEN") {
        setLinkError(e.body.message);
        return;
      }
      setFormError(handleFormError(form, e, t("reset.failed")));
    }
  });

  const back = (
    <Link to="/login" className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
      {t("forgot.back")}
    </Link>
  );

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
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("reset.title")}>
          <FormAlert message={formError} />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("fields.newPassword")}</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="new-password" autoFocus placeholder={t("fields.newPasswordPlaceholder")} {...field} />
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
          <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
            {t("reset.submit")}
          </Button>
        </form>
      </Form>
    </AuthShell>
  );
}
