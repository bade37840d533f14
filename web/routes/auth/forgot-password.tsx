import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "@/lib/nav";
import { ArrowLeft, MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { authApi } from "@/features/auth/api";
import { useZodForm } from "@/lib/form";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { FormAlert } from "@/features/auth/components/form-alert";
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

  const back = (
    <Link to="/login" className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
      {t("forgot.back")}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthShell title={t("forgot.sentTitle")} footer={back}>
        <StatusPanel tone="success" icon={MailCheck} title={sentTo.email} description={sentTo.message}>
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
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("forgot.title")}>
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
          <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
            {t("forgot.submit")}
          </Button>
        </form>
      </Form>
    </AuthShell>
  );
}
