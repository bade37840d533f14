import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { assistantApi, assistantKeys, assistantQueries } from "../api";
import { notifyFailure } from "../errors";
import { templateFormSchema } from "../schemas";
import { TemplateInfoFields } from "./template-info-fields";

/**
 * Platform administrators publish an account's assistant as a template (copy-to-template). With
 * `assistant` given it publishes that one; otherwise the dialog lets the admin pick account and assistant.
 */
export function PublishTemplateDialog({
  trigger,
  assistant,
  defaultAccountId,
}: {
  trigger: ReactNode;
  assistant?: { accountId: string; assistantId: string; name: string };
  defaultAccountId?: string | null;
}) {
  const { t } = useTranslation("assistants");
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { accounts } = useSession();
  const schema = useMemo(
    () =>
      templateFormSchema(t)
        .pick({ name: true, description: true, tags: true })
        .extend({
          accountId: z.string().min(1, t("validation.accountRequired")),
          assistantId: z.string().min(1, t("validation.assistantRequired")),
        }),
    [t],
  );
  const defaults = () => ({
    accountId: assistant?.accountId ?? defaultAccountId ?? accounts[0]?.accountId ?? "",
    assistantId: assistant?.assistantId ?? "",
    name: assistant?.name ?? "",
    description: "",
    tags: [] as string[],
  });
  const form = useZodForm(schema, { defaultValues: defaults() });
  const accountId = form.watch("accountId");
  const choices = useQuery({ ...assistantQueries.list(accountId, { page: 1, limit: 100 }), enabled: open && !assistant && !!accountId });

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await assistantApi.copyToTemplate(v.assistantId, v.accountId, { name: v.name, description: v.description, tags: v.tags });
      notify({ type: "success", message: t("toasts.copiedToTemplate") });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.templates() });
      setOpen(false);
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.copyToTemplate", e);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset(defaults());
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("publish.title")}</DialogTitle>
          <DialogDescription>{t("publish.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("publish.title")}>
            {!assistant && (
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="accountId"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t("publish.account")}</FormLabel>
                      <Select
                        value={field.value}
                        onValueChange={(v) => {
                          field.onChange(v);
                          form.setValue("assistantId", "");
                        }}
                      >
                        <FormControl>
                          <SelectTrigger>
                            <SelectValue placeholder={t("templates.copyAccountPlaceholder")} />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          {accounts.map((a) => (
                            <SelectItem key={a.accountId} value={a.accountId}>
                              {a.name}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="assistantId"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t("publish.assistant")}</FormLabel>
                      <Select
                        value={field.value}
                        onValueChange={(v) => {
                          field.onChange(v);
                          const picked = choices.data?.data.find((a) => a.assistantId === v);
                          if (picked && !form.getValues("name")) form.setValue("name", picked.name, { shouldValidate: true });
                        }}
                        disabled={!choices.data?.data.length}
                      >
                        <FormControl>
                          <SelectTrigger>
                            <SelectValue placeholder={choices.data && !choices.data.data.length ? t("publish.noAssistants") : t("publish.assistantPlaceholder")} />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          {choices.data?.data.map((a) => (
                            <SelectItem key={a.assistantId} value={a.assistantId}>
                              {a.name}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
            )}
            <TemplateInfoFields />
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t("publish.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
