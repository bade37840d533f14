import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldArray } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CopyPlus, Moon, Plus, X } from "lucide-react";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { useAbility } from "@/lib/ability";
import { settingsApi } from "@/features/settings/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { accountQueries } from "@/features/accounts/api";
import { LoadError } from "@/components/load-error";
import { TimezoneSelect } from "@/features/accounts/components/timezone-select";
import type { AccountSettings, Downtime, DowntimeInterval } from "@/features/accounts/types";
import { SectionSkeleton } from "./section-skeleton";

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Where `at` falls in a weekly schedule, read in `tz` (same rule as the worker's isInDowntime). */
export function downtimeNow(d: Pick<Downtime, "enabled" | "intervals">, tz: string, at = new Date()) {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: tz, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.find((p) => p.type === "weekday")!.value) + 1;
  const time = `${parts.find((p) => p.type === "hour")!.value}:${parts.find((p) => p.type === "minute")!.value}`;
  return { time, active: d.enabled && d.intervals.some((i) => i.day === day && i.from <= time && time < i.to) };
}

export function DowntimeTab({ accountId }: { accountId: string }) {
  const settings = useQuery(accountQueries.settings(accountId));
  if (settings.isPending) return <SectionSkeleton rows={7} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  return <DowntimeEditor accountId={accountId} settings={settings.data} />;
}

function DowntimeEditor({ accountId, settings }: { accountId: string; settings: AccountSettings }) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const canEdit = useAbility().can("update", "AccountSettings");

  const schema = useMemo(
    () =>
      z
        .object({
          enabled: z.boolean(),
          timezone: z.string(),
          intervals: z.array(
            z
              .object({ day: z.number().int().min(1).max(7), from: z.string().regex(HHMM, t("downtime.errors.format")), to: z.string().regex(HHMM, t("downtime.errors.format")) })
              .refine((i) => i.from < i.to, { message: t("downtime.errors.order"), path: ["to"] }),
          ).max(50, t("downtime.errors.tooMany")),
        })
        .superRefine((v, ctx) => {
          // Two intervals of one day must not overlap.
          for (const day of DAYS) {
            const items = v.intervals.map((i, index) => ({ ...i, index })).filter((i) => i.day === day).sort((a, b) => a.from.localeCompare(b.from));
            for (let k = 1; k < items.length; k++) {
              if (items[k].from < items[k - 1].to) ctx.addIssue({ code: "custom", message: t("downtime.errors.overlap"), path: ["intervals", items[k].index, "from"] });
            }
          }
        }),
    [t],
  );

  const initial = (s: AccountSettings) => ({ enabled: s.downtime.enabled, timezone: s.downtime.timezone ?? "", intervals: s.downtime.intervals.map((i) => ({ ...i })) });
  const form = useZodForm(schema, { defaultValues: initial(settings) });
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: "intervals" });

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(initial(settings));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const values = form.watch();
  const tz = values.timezone || settings.timezone;
  const now = useMemo(() => {
    try {
      return downtimeNow({ enabled: values.enabled, intervals: (values.intervals ?? []) as DowntimeInterval[] }, tz);
    } catch {
      return null;
    }
  }, [values.enabled, values.intervals, tz]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await settingsApi.updateDowntime(accountId, { enabled: v.enabled, ...(v.timezone ? { timezone: v.timezone } : {}), intervals: v.intervals });
      notify({ id: `downtime-saved-${accountId}`, type: "success", message: t("downtime.saved") });
      const next = { ...settings, downtime: res.downtime };
      queryClient.setQueryData(accountQueries.settings(accountId).queryKey, next);
      form.reset(initial(next));
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("downtime.saveFailed") });
    }
  });

  const copyMondayToWeekdays = () => {
    const monday = (form.getValues("intervals") ?? []).filter((i) => i.day === 1);
    const rest = (form.getValues("intervals") ?? []).filter((i) => i.day > 5);
    const copied = [1, 2, 3, 4, 5].flatMap((day) => monday.map((i) => ({ ...i, day })));
    replace([...copied, ...rest]);
    void form.trigger("intervals");
  };

  return (
    <Card data-testid="downtime-card">
      <CardHeader>
        <CardTitle>{t("downtime.title")}</CardTitle>
        <CardDescription>{t("downtime.description")}</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={t("downtime.title")} className="space-y-6">
          <CardContent className="space-y-6">
            <div className="grid gap-4 md:grid-cols-2">
              <FormField
                control={form.control}
                name="enabled"
                render={({ field }) => (
                  <FormItem className="flex items-start justify-between gap-4 rounded-md border p-4">
                    <div className="space-y-0.5">
                      <FormLabel className="text-base">{t("downtime.enabled")}</FormLabel>
                      <FormDescription>{t("downtime.enabledHint")}</FormDescription>
                    </div>
                    <FormControl>
                      <Switch checked={field.value} onCheckedChange={field.onChange} disabled={!canEdit} data-testid="downtime-enabled" />
                    </FormControl>
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="timezone"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("downtime.timezone")}</FormLabel>
                    <FormControl>
                      <TimezoneSelect value={field.value || settings.timezone} onChange={field.onChange} disabled={!canEdit} />
                    </FormControl>
                    <FormDescription>{field.value ? t("downtime.timezoneOwn") : t("downtime.timezoneAccount")}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>

            {now && (
              <div className={cn("flex items-center gap-3 rounded-md p-3 text-sm", now.active ? "bg-info/12 text-info" : values.enabled ? "bg-success/12 text-success" : "bg-muted text-muted-foreground")} data-testid="downtime-now">
                <Moon className="size-4 shrink-0" aria-hidden />
                {now.active ? t("downtime.nowSilent", { time: now.time, tz }) : values.enabled ? t("downtime.nowActive", { time: now.time, tz }) : t("downtime.off")}
              </div>
            )}

            <div className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="text-sm font-medium tracking-wide text-muted-foreground uppercase">{t("downtime.week")}</h4>
                {canEdit && (
                  <Button type="button" variant="ghost" size="sm" onClick={copyMondayToWeekdays} disabled={!fields.some((f) => f.day === 1)}>
                    <CopyPlus aria-hidden />
                    {t("downtime.copyMonday")}
                  </Button>
                )}
              </div>
              <ul className="divide-y rounded-md border">
                {DAYS.map((day) => {
                  const dayFields = fields.map((f, index) => ({ f, index })).filter(({ f }) => f.day === day);
                  return (
                    <li key={day} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start" data-testid={`downtime-day-${day}`}>
                      <div className="flex w-52 shrink-0 items-center gap-2 pt-1.5">
                        <span className="font-medium text-heading">{t(`downtime.days.${day}`)}</span>
                        {day > 5 && <Badge variant="secondary">{t("downtime.weekend")}</Badge>}
                      </div>
                      <div className="flex flex-1 flex-col gap-2">
                        {dayFields.length === 0 && <p className="pt-1.5 text-sm text-muted-foreground">{t("downtime.noIntervals")}</p>}
                        {dayFields.map(({ f, index }) => (
                          <div key={f.id} className="flex flex-wrap items-start gap-2">
                            <FormField
                              control={form.control}
                              name={`intervals.${index}.from`}
                              render={({ field }) => (
                                <FormItem className="gap-1">
                                  <FormControl>
                                    <Input type="time" className="w-32" disabled={!canEdit} aria-label={t("downtime.from")} {...field} />
                                  </FormControl>
                                  <FormMessage />
                                </FormItem>
                              )}
                            />
                            <span className="pt-2 text-muted-foreground" aria-hidden>
                              —
                            </span>
                            <FormField
                              control={form.control}
                              name={`intervals.${index}.to`}
                              render={({ field }) => (
                                <FormItem className="gap-1">
                                  <FormControl>
                                    <Input type="time" className="w-32" disabled={!canEdit} aria-label={t("downtime.to")} {...field} />
                                  </FormControl>
                                  <FormMessage />
                                </FormItem>
                              )}
                            />
                            {canEdit && (
                              <Button type="button" variant="ghost" size="icon" className="size-9.5 text-muted-foreground hover:text-destructive" onClick={() => remove(index)} aria-label={t("downtime.removeInterval")}>
                                <X aria-hidden />
                              </Button>
                            )}
                          </div>
                        ))}
                      </div>
                      {canEdit && (
                        <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => append({ day, from: "09:00", to: "18:00" })} data-testid={`add-interval-${day}`}>
                          <Plus aria-hidden />
                          {t("downtime.addInterval")}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          </CardContent>
          {canEdit && (
            <CardFooter className="justify-end gap-3 border-t pt-5">
              <Button type="button" variant="ghost" disabled={!form.formState.isDirty} onClick={() => form.reset(initial(settings))}>
                {t("actions.reset")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty} data-testid="downtime-save">
                {t("actions.save")}
              </Button>
            </CardFooter>
          )}
        </form>
      </Form>
    </Card>
  );
}
