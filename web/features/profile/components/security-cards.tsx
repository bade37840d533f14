import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { FormCard } from "@/components/form-card";
import { PasswordField, TextField } from "@/components/form/field";
import { profileApi } from "@/features/profile/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query";
import { setCookie } from "@/lib/cookies";
import type { SessionUser } from "@/lib/session";
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
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("email.title")}
      description={t("email.description", { email: user.email })}
      contentClassName="grid gap-4 sm:grid-cols-2"
      submitLabel={t("email.submit")}
    >
      {done && <p className="rounded-md bg-success/12 p-3 text-sm text-success sm:col-span-2" role="status">{t("email.checkMail", { email: done })}</p>}
      <TextField control={form.control} name="email" label={t("email.newEmail")} type="email" autoComplete="email" placeholder={t("auth:fields.emailPlaceholder")} />
      <PasswordField control={form.control} name="password" label={t("email.password")} description={t("email.passwordHint")} autoComplete="current-password" />
    </FormCard>
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
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("password.title")}
      description={t("password.description")}
      contentClassName="grid gap-4 sm:grid-cols-2"
      submitLabel={t("password.submit")}
    >
      <PasswordField control={form.control} name="currentPassword" label={t("password.current")} autoComplete="current-password" className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]" />
      <PasswordField control={form.control} name="newPassword" label={t("password.new")} autoComplete="new-password" placeholder={t("auth:fields.newPasswordPlaceholder")} />
      <PasswordField control={form.control} name="confirmPassword" label={t("password.confirm")} autoComplete="new-password" />
    </FormCard>
  );
}
