import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import type { TFunction } from "i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CopyPlus, Moon, Plus, X } from "lucide-react";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { FormCard } from "@/components/form-card";
import { FieldItem } from "@/components/form/field";
import { SwitchField } from "@/components/form/switch-field";
import { useAbility } from "@/lib/ability";
import { settingsApi } from "@/features/settings/api";
import { applyServerErrors, useResetWhileClean, useZodForm } from "@/lib/form";
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

/** The weekly schedule's rules: HH:MM times, from before to, at most 50, no overlaps within a day. */
function downtimeSchema(t: TFunction<"settings">) {
  return z
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
    });
}

type DowntimeValues = z.infer<ReturnType<typeof downtimeSchema>>;
type DowntimeForm = UseFormReturn<DowntimeValues, unknown, DowntimeValues>;
const initialValues = (s: AccountSettings): DowntimeValues => ({ enabled: s.downtime.enabled, timezone: s.downtime.timezone ?? "", intervals: s.downtime.intervals.map((i) => ({ ...i })) });

/** The form over the account's downtime settings, kept in step with the server's copy while untouched. */
function useDowntimeForm(accountId: string, settings: AccountSettings) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const schema = useMemo(() => downtimeSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: initialValues(settings) });

  useResetWhileClean(form, settings, initialValues);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await settingsApi.updateDowntime(accountId, { enabled: v.enabled, ...(v.timezone ? { timezone: v.timezone } : {}), intervals: v.intervals });
      notify({ id: `downtime-saved-${accountId}`, type: "success", message: t("downtime.saved") });
      const next = { ...settings, downtime: res.downtime };
      queryClient.setQueryData(accountQueries.settings(accountId).queryKey, next);
      form.reset(initialValues(next));
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("downtime.saveFailed") });
    }
  });
  return { form, onSubmit };
}

function DowntimeEditor({ accountId, settings }: { accountId: string; settings: AccountSettings }) {
  const { t } = useTranslation("settings");
  const canEdit = useAbility().can("update", "AccountSettings");
  const { form, onSubmit } = useDowntimeForm(accountId, settings);

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("downtime.title")}
      description={t("downtime.description")}
      testId="downtime-card"
      contentClassName="space-y-6"
      footer={canEdit}
      onReset={() => form.reset(initialValues(settings))}
      resetLabel={t("actions.reset")}
      submitLabel={t("actions.save")}
      submitTestId="downtime-save"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <SwitchField
          control={form.control}
          name="enabled"
          label={t("downtime.enabled")}
          description={t("downtime.enabledHint")}
          disabled={!canEdit}
          data-testid="downtime-enabled"
          className="items-start p-4"
          labelClassName="text-base"
        />
        <FieldItem control={form.control} name="timezone" label={t("downtime.timezone")} description={form.watch("timezone") ? t("downtime.timezoneOwn") : t("downtime.timezoneAccount")}>
          {(field) => (
            <FormControl>
              <TimezoneSelect value={field.value || settings.timezone} onChange={field.onChange} disabled={!canEdit} />
            </FormControl>
          )}
        </FieldItem>
      </div>
      <DowntimeNow form={form} accountTimezone={settings.timezone} />
      <WeekSchedule form={form} canEdit={canEdit} />
    </FormCard>
  );
}

/** Whether the schedule being edited silences the assistant right now, in its time zone. */
function DowntimeNow({ form, accountTimezone }: { form: DowntimeForm; accountTimezone: string }) {
  const { t } = useTranslation("settings");
  const values = form.watch();
  const tz = values.timezone || accountTimezone;
  const now = useMemo(() => {
    try {
      return downtimeNow({ enabled: values.enabled, intervals: (values.intervals ?? []) as DowntimeInterval[] }, tz);
    } catch {
      return null;
    }
  }, [values.enabled, values.intervals, tz]);
  if (!now) return null;
  return (
    <div className={cn("flex items-center gap-3 rounded-md p-3 text-sm", now.active ? "bg-info/12 text-info" : values.enabled ? "bg-success/12 text-success" : "bg-muted text-muted-foreground")} data-testid="downtime-now">
      <Moon className="size-4 shrink-0" aria-hidden />
      {now.active ? t("downtime.nowSilent", { time: now.time, tz }) : values.enabled ? t("downtime.nowActive", { time: now.time, tz }) : t("downtime.off")}
    </div>
  );
}

/** The seven days with their intervals: add, remove, and copy Monday to the weekdays. */
function WeekSchedule({ form, canEdit }: { form: DowntimeForm; canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: "intervals" });

  const copyMondayToWeekdays = () => {
    const monday = (form.getValues("intervals") ?? []).filter((i) => i.day === 1);
    const rest = (form.getValues("intervals") ?? []).filter((i) => i.day > 5);
    const copied = [1, 2, 3, 4, 5].flatMap((day) => monday.map((i) => ({ ...i, day })));
    replace([...copied, ...rest]);
    void form.trigger("intervals");
  };

  return (
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
                  <IntervalRow key={f.id} form={form} index={index} canEdit={canEdit} onRemove={() => remove(index)} />
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
  );
}

/** One interval: from — to, each with its own message, and the remove button. */
function IntervalRow({ form, index, canEdit, onRemove }: { form: DowntimeForm; index: number; canEdit: boolean; onRemove: () => void }) {
  const { t } = useTranslation("settings");
  const time = (end: "from" | "to") => (
    <FormField
      control={form.control}
      name={`intervals.${index}.${end}`}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormControl>
            <Input type="time" className="w-32" disabled={!canEdit} aria-label={t(`downtime.${end}`)} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <div className="flex flex-wrap items-start gap-2">
      {time("from")}
      <span className="pt-2 text-muted-foreground" aria-hidden>
        —
      </span>
      {time("to")}
      {canEdit && (
        <Button type="button" variant="ghost" size="icon" className="size-9.5 text-muted-foreground hover:text-destructive" onClick={onRemove} aria-label={t("downtime.removeInterval")}>
          <X aria-hidden />
        </Button>
      )}
    </div>
  );
}
