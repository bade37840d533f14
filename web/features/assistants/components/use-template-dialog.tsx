import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import type { AssistantTemplate } from "../types";

/** Copies a template into one of the user's accounts (counts a use) and opens the new assistant. */
export function UseTemplateDialog({ template, onOpenChange }: { template: AssistantTemplate | null; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation("assistants");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { accounts, currentAccountId } = useSession();
  const schema = useMemo(
    () =>
      z.object({
        accountId: z.string().min(1, t("validation.accountRequired")),
        name: z.string().trim().min(1, t("validation.nameRequired")).max(100, t("validation.nameMax")),
      }),
    [t],
  );
  const defaultAccount = accounts.find((a) => a.accountId === currentAccountId && a.role !== "operator")?.accountId ?? accounts.find((a) => a.role !== "operator")?.accountId ?? "";
  const form = useZodForm(schema, { defaultValues: { accountId: defaultAccount, name: template?.name ?? "" } });

  useEffect(() => {
    if (template) form.reset({ accountId: defaultAccount, name: template.name });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template]);

  const onSubmit = form.handleSubmit(async (v) => {
    if (!template) return;
    try {
      const created = await assistantApi.copyTemplate(template.templateId, v.accountId, { name: v.name });
      notify({ type: "success", message: t("toasts.templateCopied") });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.all(v.accountId) }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.templates() }),
      ]);
      onOpenChange(false);
      navigate(`/${v.accountId}/assistants/${created.assistantId}`);
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.templateCopy", e);
    }
  });

  return (
    <Dialog open={!!template} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="use-template-dialog">
        <DialogHeader>
          <DialogTitle>{t("templates.copyTitle")}</DialogTitle>
          <DialogDescription>{t("templates.copyDescription", { name: template?.name ?? "" })}</DialogDescription>
        </DialogHeader>
        {accounts.length === 0 ? (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t("templates.noAccounts")}</p>
            <Button asChild className="w-fit">
              <Link to="/accounts">{t("common:routes.accounts")}</Link>
            </Button>
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("templates.copyTitle")}>
              <SelectField
                control={form.control}
                name="accountId"
                label={t("templates.copyAccount")}
                placeholder={t("templates.copyAccountPlaceholder")}
                triggerTestId="use-template-account"
                options={accounts.map((a) => ({ value: a.accountId, label: a.name, disabled: a.role === "operator" }))}
              />
              <TextField control={form.control} name="name" label={t("templates.copyName")} maxLength={100} data-testid="use-template-name" />
              <DialogFooter>
                <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                  {t("common:actions.cancel")}
                </Button>
                <Button type="submit" loading={form.formState.isSubmitting} data-testid="use-template-submit">
                  {t("templates.copySubmit")}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
