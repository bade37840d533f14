import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { createSchema } from "../schemas";
import { ModelSelect } from "./model-select";

export function CreateAssistantDialog({ accountId, trigger }: { accountId: string; trigger: ReactNode }) {
  const { t } = useTranslation("assistants");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => createSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { name: "", model: "gpt-4.1-mini" } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await assistantApi.create(accountId, { name: values.name, model: values.model });
      notify({ type: "success", message: t("toasts.created") });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all(accountId) });
      setOpen(false);
      navigate(`/${accountId}/assistants/${created.assistantId}`);
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.create", e);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset({ name: "", model: "gpt-4.1-mini" });
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("create.title")}>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("create.name")}</FormLabel>
                  <FormControl>
                    <Input {...field} autoFocus maxLength={100} placeholder={t("create.namePlaceholder")} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="model"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("create.model")}</FormLabel>
                  <ModelSelect value={field.value} onChange={field.onChange} />
                  <FormMessage />
                </FormItem>
              )}
            />
            <p className="text-sm text-muted-foreground">
              {t("create.templatesHint")}{" "}
              <Link to="/assistant-templates" className="font-medium text-primary hover:underline">
                {t("create.templatesLink")}
              </Link>
            </p>
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t("create.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
