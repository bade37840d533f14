import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { settingsApi } from "@/features/settings/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { accountQueries } from "@/features/accounts/api";
import { emailField } from "@/features/auth/schemas";
import type { Role } from "@/features/accounts/types";

export function InviteDialog({ accountId, myRole }: { accountId: string; myRole: Role }) {
  const { t } = useTranslation(["settings", "accounts", "auth"]);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  // Only an owner may invite another owner (the server enforces it too).
  const roles: Role[] = myRole === "owner" ? ["operator", "admin", "owner"] : ["operator", "admin"];
  const schema = useMemo(() => z.object({ email: emailField(t), role: z.enum(["owner", "admin", "operator"]) }), [t]);
  const form = useZodForm(schema, { defaultValues: { email: "", role: "operator" } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const inv = await settingsApi.invite(accountId, values);
      notify({ type: "success", message: t("members.invite.sent", { email: inv.email }) });
      await queryClient.invalidateQueries({ queryKey: accountQueries.members(accountId).queryKey });
      setOpen(false);
    } catch (e) {
      if (!applyServerErrors(form, e)) form.setError("email", { type: "server", message: e instanceof Error ? e.message : t("members.invite.failed") });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset({ email: "", role: "operator" });
      }}
    >
      <DialogTrigger asChild>
        <Button data-testid="invite-button">
          <UserPlus aria-hidden />
          {t("members.invite.button")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("members.invite.title")}</DialogTitle>
          <DialogDescription>{t("members.invite.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("members.invite.title")}>
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("members.invite.email")}</FormLabel>
                  <FormControl>
                    <Input type="email" autoFocus placeholder={t("auth:fields.emailPlaceholder")} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("members.invite.role")}</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {roles.map((r) => (
                        <SelectItem key={r} value={r}>
                          {t(`accounts:roles.${r}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormDescription>{t(`accounts:roleHints.${field.value}`)}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t("members.invite.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
