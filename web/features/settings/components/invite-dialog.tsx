import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { UserPlus } from "lucide-react";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { settingsApi } from "@/features/settings/api";
import { useZodForm } from "@/lib/form";
import { accountQueries } from "@/features/accounts/api";
import { emailField } from "@/features/auth/schemas";
import type { Role } from "@/features/accounts/types";

export function InviteDialog({ accountId, myRole }: { accountId: string; myRole: Role }) {
  const { t } = useTranslation(["settings", "accounts", "auth"]);
  // Only an owner may invite another owner (the server enforces it too).
  const roles: Role[] = myRole === "owner" ? ["operator", "admin", "owner"] : ["operator", "admin"];
  const schema = useMemo(() => z.object({ email: emailField(t), role: z.enum(["owner", "admin", "operator"]) }), [t]);
  const defaults = () => ({ email: "", role: "operator" as Role });
  const form = useZodForm(schema, { defaultValues: defaults() });
  const role = form.watch("role");

  const dialog = useFormDialog(form, {
    defaults,
    save: (values) => settingsApi.invite(accountId, values),
    success: (inv) => t("members.invite.sent", { email: inv.email }),
    invalidate: [accountQueries.members(accountId).queryKey],
    failure: { field: "email", message: t("members.invite.failed") },
  });

  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button data-testid="invite-button">
          <UserPlus aria-hidden />
          {t("members.invite.button")}
        </Button>
      }
      title={t("members.invite.title")}
      description={t("members.invite.description")}
      className="sm:max-w-md"
      formClassName="space-y-4"
      submitLabel={t("members.invite.submit")}
    >
      <TextField control={form.control} name="email" label={t("members.invite.email")} type="email" autoFocus placeholder={t("auth:fields.emailPlaceholder")} />
      <SelectField
        control={form.control}
        name="role"
        label={t("members.invite.role")}
        triggerClassName="w-full"
        options={roles.map((r) => ({ value: r, label: t(`accounts:roles.${r}`) }))}
        description={t(`accounts:roleHints.${role}`)}
      />
    </FormDialog>
  );
}
