import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { channelApi, type WhatsappSettings } from "../api";
import { existingInstanceSchema } from "../schemas";

/** Connecting an instance made in the Green API console: its id, token and (optionally) API host. */
export function WhatsappExistingDialog({
  accountId,
  assistantId,
  open,
  onOpenChange,
  onDone,
}: {
  accountId: string;
  assistantId: string | null | undefined;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onDone: (s: WhatsappSettings) => void;
}) {
  const { t } = useTranslation("channels");
  const schema = useMemo(() => existingInstanceSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { idInstance: "", apiTokenInstance: "", apiUrl: "" } });

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const s = await channelApi.createInstance(
        accountId,
        { idInstance: v.idInstance, apiTokenInstance: v.apiTokenInstance, ...(v.apiUrl ? { apiUrl: v.apiUrl } : {}), ...(assistantId === undefined ? {} : { assistantId }) },
        true,
      );
      notify({ type: "success", message: t("whatsapp.created") });
      form.reset();
      onDone(s);
      onOpenChange(false);
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error ? e.message : t("common.failed") });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("whatsapp.existing.title")}</DialogTitle>
          <DialogDescription>{t("whatsapp.existing.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-4" id="wa-existing-form" aria-label={t("whatsapp.existing.title")}>
            <FormField
              control={form.control}
              name="idInstance"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>idInstance</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" autoComplete="off" placeholder="1101000001" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="apiTokenInstance"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>apiTokenInstance</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" spellCheck={false} className="font-mono text-sm" {...field} />
                  </FormControl>
                  <FormDescription>{t("whatsapp.existing.tokenHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="apiUrl"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("whatsapp.existing.apiUrl")}</FormLabel>
                  <FormControl>
                    <Input type="url" inputMode="url" placeholder="https://api.green-api.com" {...field} />
                  </FormControl>
                  <FormDescription>{t("whatsapp.existing.apiUrlHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </form>
        </Form>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form="wa-existing-form" loading={form.formState.isSubmitting}>
            {t("whatsapp.existing.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
