import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { api } from "@/lib/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { accountQueries } from "@/features/accounts/api";
import { LoadError } from "@/features/accounts/components/load-error";
import type { AccountSettings } from "@/features/accounts/types";
import { SectionSkeleton } from "./section-skeleton";

export function WebhookTab({ accountId }: { accountId: string }) {
  const settings = useQuery(accountQueries.settings(accountId));
  if (settings.isPending) return <SectionSkeleton rows={3} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  return <WebhookForm accountId={accountId} settings={settings.data} />;
}

function WebhookForm({ accountId, settings }: { accountId: string; settings: AccountSettings }) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const canEdit = useAbility().can("update", "AccountSettings");
  const types = useQuery(accountQueries.webhookEventTypes(accountId));
  const schema = useMemo(
    () =>
      z
        .object({
          url: z
            .string()
            .trim()
            .max(500, t("webhook.errors.urlMax"))
            .refine((v) => v === "" || /^https?:\/\/[^\s.]+\.[^\s]+$|^https?:\/\/localhost(:\d+)?(\/\S*)?$/i.test(v), t("webhook.errors.url")),
          events: z.array(z.string()).max(20),
        })
        .refine((v) => v.url === "" || v.events.length > 0, { message: t("webhook.errors.noEvents"), path: ["events"] }),
    [t],
  );
  const initial = (s: AccountSettings) => ({ url: s.webhook.url ?? "", events: [...s.webhook.events] });
  const form = useZodForm(schema, { defaultValues: initial(settings) });

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(initial(settings));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await api.put<AccountSettings & { message: string }>(`/accounts/${accountId}/settings`, { webhook: { url: v.url || null, events: v.events } }, { silent: true });
      notify({ id: `webhook-saved-${accountId}`, type: "success", message: t("webhook.saved") });
      queryClient.setQueryData(accountQueries.settings(accountId).queryKey, res);
      form.reset(initial(res));
    } catch (e) {
      // details.fields come as webhook.url / webhook.events: map them onto this form's names.
      const fields = (e as { fieldErrors?: () => Record<string, string> }).fieldErrors?.() ?? {};
      let shown = false;
      for (const [k, message] of Object.entries(fields)) {
        const name = k.replace(/^webhook\./, "").split(".")[0];
        if (name === "url" || name === "events") {
          form.setError(name, { type: "server", message });
          shown = true;
        }
      }
      if (!shown && !applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("webhook.saveFailed") });
    }
  });

  return (
    <Card data-testid="webhook-card">
      <CardHeader>
        <CardTitle>{t("webhook.title")}</CardTitle>
        <CardDescription>{t("webhook.description")}</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={t("webhook.title")} className="space-y-6">
          <CardContent className="space-y-6">
            <FormField
              control={form.control}
              name="url"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("webhook.url")}</FormLabel>
                  <FormControl>
                    <Input type="url" inputMode="url" placeholder="https://crm.example.ru/hooks/assistly" disabled={!canEdit} {...field} />
                  </FormControl>
                  <FormDescription>{t("webhook.urlHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="events"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("webhook.events")}</FormLabel>
                  <FormDescription>{t("webhook.eventsHint")}</FormDescription>
                  {types.isPending ? (
                    <div className="grid gap-3 sm:grid-cols-2">
                      {Array.from({ length: 6 }, (_, i) => (
                        <Skeleton key={i} className="h-14" />
                      ))}
                    </div>
                  ) : types.isError ? (
                    <LoadError error={types.error} onRetry={() => types.refetch()} retrying={types.isFetching} />
                  ) : (
                    <div className="grid gap-3 sm:grid-cols-2">
                      {types.data.data.map((et) => {
                        const checked = field.value.includes(et.type);
                        const id = `event-${et.type}`;
                        return (
                          <label key={et.type} htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 transition-colors hover:bg-muted/50 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-primary/5">
                            <Checkbox
                              id={id}
                              checked={checked}
                              disabled={!canEdit}
                              onCheckedChange={(v) => field.onChange(v === true ? [...field.value, et.type] : field.value.filter((x) => x !== et.type))}
                              className="mt-0.5"
                            />
                            <span className="min-w-0 space-y-0.5">
                              <span className="block text-sm font-medium text-heading">{t(`webhook.types.${et.type.replace(".", "_")}`, { defaultValue: et.description })}</span>
                              <code className="block truncate text-xs text-muted-foreground">{et.type}</code>
                            </span>
                          </label>
                        );
                      })}
                    </div>
                  )}
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
          {canEdit && (
            <CardFooter className="justify-end gap-3 border-t pt-5">
              <Button type="button" variant="ghost" disabled={!form.formState.isDirty} onClick={() => form.reset(initial(settings))}>
                {t("actions.reset")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                {t("actions.save")}
              </Button>
            </CardFooter>
          )}
        </form>
      </Form>
    </Card>
  );
}
