import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { profileApi } from "@/features/profile/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query";
import { setCookie } from "@/lib/cookies";
import type { SessionUser } from "@/lib/session";
import { PasswordInput } from "@/features/auth/components/password-input";
import { emailField, newPasswordField, requiredPassword } from "@/features/auth/schemas";

export function ChangeEmailCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation(["profile", "auth"]);
  const queryClient = useQueryClient();
  const [done, setDone] = useState("");
  const schema = useMemo(
    () => z.object({ email: emailField(t).check(z.refine((v) => v !== user.email, t("email.same"))), password: requiredPassword(t) }),
    [t, user.email],
  );
  const form = useZodForm(schema, { defaultValues: { email: "", password: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await profileApi.changeEmail(values);
      setCookie("user", JSON.stringify(res.user));
      notify({ type: "success", message: t("email.changed") });
      setDone(res.user.email);
      form.reset({ email: "", password: "" });
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
    } catch (e) {
      if (!applyServerErrors(form, e)) form.setError("email", { type: "server", message: e instanceof Error ? e.message : t("email.failed") });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("email.title")}</CardTitle>
        <CardDescription>{t("email.description", { email: user.email })}</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t("email.title")}>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {done && <p className="rounded-md bg-success/12 p-3 text-sm text-success sm:col-span-2" role="status">{t("email.checkMail", { email: done })}</p>}
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("email.newEmail")}</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" placeholder={t("auth:fields.emailPlaceholder")} {...field} />
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
                  <FormLabel>{t("email.password")}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" {...field} />
                  </FormControl>
                  <FormDescription>{t("email.passwordHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
          <CardFooter className="justify-end border-t pt-5">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t("email.submit")}
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}

export function ChangePasswordCard() {
  const { t } = useTranslation(["profile", "auth"]);
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      z
        .object({ currentPassword: requiredPassword(t), newPassword: newPasswordField(t), confirmPassword: z.string() })
        .refine((v) => v.newPassword === v.confirmPassword, { message: t("auth:validation.passwordsDiffer"), path: ["confirmPassword"] })
        .refine((v) => v.newPassword !== v.currentPassword, { message: t("password.same"), path: ["newPassword"] }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await profileApi.changePassword({ currentPassword, newPassword });
      notify({ type: "success", message: t("password.changed") });
      form.reset({ currentPassword: "", newPassword: "", confirmPassword: "" });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    } catch (e) {
      if (!applyServerErrors(form, e)) form.setError("currentPassword", { type: "server", message: e instanceof Error ? e.message : t("password.failed") });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("password.title")}</CardTitle>
        <CardDescription>{t("password.description")}</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t("password.title")}>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="currentPassword"
              render={({ field }) => (
                <FormItem className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
                  <FormLabel>{t("password.current")}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="newPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("password.new")}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="new-password" placeholder={t("auth:fields.newPasswordPlaceholder")} {...field} />
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
                  <FormLabel>{t("password.confirm")}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="new-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
          <CardFooter className="justify-end border-t pt-5">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t("password.submit")}
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}
