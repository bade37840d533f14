import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { accountApi } from "@/features/accounts/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { accountFormSchema, type AccountFormValues } from "../schemas";
import { AccountFields } from "./account-fields";
import { browserTimezone } from "./timezone-select";

export function CreateAccountDialog({ trigger }: { trigger: ReactNode }) {
  const { t, i18n } = useTranslation("accounts");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => accountFormSchema(t), [t]);
  const defaults = (): AccountFormValues => ({
    name: "",
    timezone: browserTimezone(),
    language: (["ru", "en", "ar", "fr"].includes(i18n.language) ? i18n.language : "ru") as AccountFormValues["language"],
    description: "",
    website: "",
  });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const account = await accountApi.create({ ...values, description: values.description || null, website: values.website || null });
      notify({ type: "success", message: account.message || t("create.done") });
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      await queryClient.invalidateQueries({ queryKey: ["accounts"] });
      setOpen(false);
      navigate(`/${account.accountId}/dashboard`);
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", title: t("create.failedTitle"), message: e instanceof Error && e.message ? e.message : t("create.failed") });
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
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t("create.title")}>
            <AccountFields form={form} autoFocus />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("create.cancel")}
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
