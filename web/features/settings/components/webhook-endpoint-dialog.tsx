import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { useZodForm } from "@/lib/form";
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

  const dialog = useFormDialog(form, {
    onClose,
    save: async (input) => {
      // The checkboxes offer only the catalogue's types (GET …/webhook/event-types).
      const values = { ...input, events: input.events as EndpointInput["events"] };
      if (endpoint) return webhookApi.update(accountId, endpoint.id, values);
      onCreated(await webhookApi.create(accountId, values)); // the parent shows the new secret once
    },
    success: endpoint ? t("webhooks.form.saved") : undefined,
    invalidate: [webhookQueries.endpoints(accountId).queryKey],
    failure: { toast: t("webhooks.form.saveFailed") },
  });

  return (
    <FormDialog
      {...dialog}
      title={endpoint ? t("webhooks.form.editTitle") : t("webhooks.form.addTitle")}
      description={t("webhooks.form.description")}
      className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
      testId="webhook-dialog"
      submitLabel={endpoint ? t("actions.save") : t("webhooks.form.create")}
      submitTestId="webhook-save"
    >
      <TextField control={form.control} name="url" label={t("webhooks.form.url")} description={t("webhooks.form.urlHint")} type="url" inputMode="url" autoFocus placeholder="https://crm.example.ru/hooks/assistly" />
      <TextField control={form.control} name="description" label={t("webhooks.form.descriptionLabel")} placeholder={t("webhooks.form.descriptionPlaceholder")} />
      <SwitchField control={form.control} name="enabled" label={t("webhooks.form.enabled")} description={t("webhooks.form.enabledHint")} className="p-3" />
      <EventsField accountId={accountId} />
    </FormDialog>
  );
}

/** The event types to send, grouped by area as the catalogue (GET …/webhook/event-types) has them, with "select all / none". */
function EventsField({ accountId }: { accountId: string }) {
  const { t } = useTranslation("settings");
  const types = useQuery(webhookQueries.eventTypes(accountId));
  const groups = useMemo(() => {
    const out = new Map<string, WebhookEventTypeInfo[]>();
    for (const et of types.data?.data ?? []) out.set(et.area, [...(out.get(et.area) ?? []), et]);
    return [...out.entries()];
  }, [types.data]);
  return (
    <FormField<{ events: string[] }, "events">
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
            <EventGroups groups={groups} value={field.value} onChange={field.onChange} />
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The catalogue's types as checkbox cards, one fieldset per area. */
function EventGroups({ groups, value, onChange }: { groups: [string, WebhookEventTypeInfo[]][]; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation("settings");
  return (
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
                    checked={value.includes(et.type)}
                    onCheckedChange={(v) => onChange(v === true ? [...value, et.type] : value.filter((x) => x !== et.type))}
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
  );
}
