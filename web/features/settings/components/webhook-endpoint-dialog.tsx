import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { LoadError } from "@/components/load-error";
import { webhookApi, webhookQueries, type EndpointInput, type WebhookEndpoint, type WebhookEventTypeInfo } from "../webhooks-api";

/** Add or edit an endpoint: URL, description, switch and the events, grouped by area as the catalogue has them. */
export function EndpointDialog({
  accountId,
  endpoint,
  onClose,
  onCreated,
}: {
  accountId: string;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpoint & { secret: string }) => void;
}) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const types = useQuery(webhookQueries.eventTypes(accountId));
  const schema = useMemo(
    () =>
      z.object({
        // The server owns the address rules (https, no local names, port 443) and answers with the field's message.
        url: z
          .string()
          .trim()
          .min(1, t("webhooks.form.errors.urlRequired"))
          .max(2000, t("webhooks.form.errors.urlMax"))
          .refine((v) => /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v), t("webhooks.form.errors.url")),
        description: z.string().trim().max(300, t("webhooks.form.errors.descriptionMax")),
        enabled: z.boolean(),
        events: z.array(z.string()).min(1, t("webhooks.form.errors.noEvents")),
      }),
    [t],
  );
  const form = useZodForm(schema, {
    defaultValues: endpoint ? { url: endpoint.url, description: endpoint.description, enabled: endpoint.enabled, events: [...endpoint.events] } : { url: "", description: "", enabled: true, events: [] },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    // The checkboxes offer only the catalogue's types (GET …/webhook/event-types).
    const values = { ...input, events: input.events as EndpointInput["events"] };
    try {
      if (endpoint) {
        await webhookApi.update(accountId, endpoint.id, values);
        notify({ type: "success", message: t("webhooks.form.saved") });
      } else {
        const created = await webhookApi.create(accountId, values);
        onCreated(created);
      }
      await queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints(accountId).queryKey });
      onClose();
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("webhooks.form.saveFailed") });
    }
  });

  const groups = useMemo(() => {
    const out = new Map<string, WebhookEventTypeInfo[]>();
    for (const et of types.data?.data ?? []) out.set(et.area, [...(out.get(et.area) ?? []), et]);
    return [...out.entries()];
  }, [types.data]);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl" data-testid="webhook-dialog">
        <DialogHeader>
          <DialogTitle>{endpoint ? t("webhooks.form.editTitle") : t("webhooks.form.addTitle")}</DialogTitle>
          <DialogDescription>{t("webhooks.form.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={endpoint ? t("webhooks.form.editTitle") : t("webhooks.form.addTitle")}>
            <FormField
              control={form.control}
              name="url"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("webhooks.form.url")}</FormLabel>
                  <FormControl>
                    <Input type="url" inputMode="url" autoFocus placeholder="https://crm.example.ru/hooks/assistly" {...field} />
                  </FormControl>
                  <FormDescription>{t("webhooks.form.urlHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("webhooks.form.descriptionLabel")}</FormLabel>
                  <FormControl>
                    <Input placeholder={t("webhooks.form.descriptionPlaceholder")} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormItem className="flex items-center justify-between gap-4 rounded-md border p-3">
                  <div className="space-y-0.5">
                    <FormLabel>{t("webhooks.form.enabled")}</FormLabel>
                    <FormDescription>{t("webhooks.form.enabledHint")}</FormDescription>
                  </div>
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="events"
              render={({ field }) => (
                <FormItem>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <FormLabel>{t("webhooks.form.events")}</FormLabel>
                    {types.data && (
                      <Button
                        type="button"
                        variant="link"
                        size="sm"
                        className="h-auto p-0"
                        onClick={() => field.onChange(field.value.length === types.data.data.length ? [] : types.data.data.map((e) => e.type))}
                      >
                        {field.value.length === types.data.data.length ? t("webhooks.form.selectNone") : t("webhooks.form.selectAll")}
                      </Button>
                    )}
                  </div>
                  {types.isPending ? (
                    <div className="grid gap-3 sm:grid-cols-2">
                      {Array.from({ length: 6 }, (_, i) => (
                        <Skeleton key={i} className="h-14" />
                      ))}
                    </div>
                  ) : types.isError ? (
                    <LoadError error={types.error} onRetry={() => types.refetch()} retrying={types.isFetching} />
                  ) : (
                    <div className="space-y-4">
                      {groups.map(([area, list]) => (
                        <fieldset key={area} className="space-y-2">
                          <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(`webhooks.areas.${area}`, { defaultValue: area })}</legend>
                          <div className="grid gap-2 sm:grid-cols-2">
                            {list.map((et) => {
                              const id = `event-${et.type}`;
                              return (
                                <label
                                  key={et.type}
                                  htmlFor={id}
                                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 transition-colors hover:bg-muted/50 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-primary/5"
                                >
                                  <Checkbox
                                    id={id}
                                    checked={field.value.includes(et.type)}
                                    onCheckedChange={(v) => field.onChange(v === true ? [...field.value, et.type] : field.value.filter((x) => x !== et.type))}
                                    className="mt-0.5"
                                  />
                                  <span className="min-w-0 space-y-0.5">
                                    <span className="block text-sm font-medium text-heading">{t(`webhooks.types.${et.type.replace(/\./g, "_")}`, { defaultValue: et.description })}</span>
                                    <code className="block truncate text-xs text-muted-foreground">{et.type}</code>
                                  </span>
                                </label>
                              );
                            })}
                          </div>
                        </fieldset>
                      ))}
                    </div>
                  )}
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} data-testid="webhook-save">
                {endpoint ? t("actions.save") : t("webhooks.form.create")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
