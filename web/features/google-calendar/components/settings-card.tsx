import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { isApiError } from "@/lib/api";
import { TimezoneSelect } from "@/features/accounts/components/timezone-select";
import type { GcalCalendars, GcalSettings, GcalSettingsInput } from "../api";

type Numbers = "slotMinutes" | "bufferMinutes" | "minNoticeMinutes" | "horizonDays" | "reminderHours";
const NUMBERS: Numbers[] = ["slotMinutes", "bufferMinutes", "minNoticeMinutes", "horizonDays", "reminderHours"];

const toInput = (s: GcalSettings): GcalSettingsInput => ({
  calendarId: s.calendarId ?? "",
  timezone: s.timezone,
  workingHours: s.workingHours.map((d) => ({ ...d })),
  slotMinutes: s.slotMinutes,
  bufferMinutes: s.bufferMinutes,
  minNoticeMinutes: s.minNoticeMinutes,
  horizonDays: s.horizonDays,
  reminderHours: s.reminderHours,
});

/** The booking settings form: calendar (writable only), time zone, working hours per weekday, slot rules, reminder. */
export function SettingsCard({ settings, calendars, canEdit, onSave }: { settings: GcalSettings; calendars: GcalCalendars["data"] | undefined; canEdit: boolean; onSave: (v: GcalSettingsInput) => Promise<unknown> }) {
  const { t } = useTranslation("integrations");
  const id = useId();
  const [v, setV] = useState<GcalSettingsInput>(() => toInput(settings));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => setV(toInput(settings)), [settings]);
  const setDay = (i: number, patch: Partial<GcalSettingsInput["workingHours"][number]>) => setV((cur) => ({ ...cur, workingHours: cur.workingHours.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  const err = (key: string) => errors[key]?.[0];
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await onSave(v);
    } catch (x) {
      if (isApiError(x)) setErrors(((x.body.details as { fields?: Record<string, string[]> } | undefined)?.fields ?? {}) as Record<string, string[]>);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card>
      <CardHeading title={t("googleCalendar.settings.title")} description={t("googleCalendar.settings.description")} />
      <CardContent>
        {!settings.saved && (
          <Alert variant="info" className="mb-5">
            <AlertDescription>{t("googleCalendar.settings.notSaved")}</AlertDescription>
          </Alert>
        )}
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" data-testid="gcal-settings" noValidate>
          <fieldset disabled={!canEdit} className="grid gap-5 md:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-cal`}>{t("googleCalendar.settings.calendar")}</Label>
              <Select value={v.calendarId || undefined} onValueChange={(calendarId) => setV({ ...v, calendarId })}>
                <SelectTrigger id={`${id}-cal`} aria-invalid={!!err("calendarId")} data-testid="gcal-calendar">
                  <SelectValue placeholder={t("googleCalendar.settings.calendarPlaceholder")} />
                </SelectTrigger>
                <SelectContent>
                  {(calendars ?? []).map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.summary}
                      {c.primary ? ` (${t("googleCalendar.settings.primary")})` : ""}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p className={err("calendarId") ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>{err("calendarId") ?? t("googleCalendar.settings.calendarHint")}</p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-tz`}>{t("googleCalendar.settings.timezone")}</Label>
              <TimezoneSelect id={`${id}-tz`} value={v.timezone} onChange={(timezone) => setV({ ...v, timezone })} aria-invalid={!!err("timezone")} />
              <p className="text-sm text-muted-foreground">{err("timezone") ?? t("googleCalendar.settings.timezoneHint")}</p>
            </div>
          </fieldset>
          <fieldset disabled={!canEdit} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-heading">{t("googleCalendar.settings.workingHours")}</legend>
            {v.workingHours.map((d, i) => (
              <WorkingDayRow key={i} index={i} day={d} error={err(`workingHours.${i}.to`) ?? err(`workingHours.${i}.from`)} onChange={(patch) => setDay(i, patch)} />
            ))}
          </fieldset>
          <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {NUMBERS.map((k) => (
              <div key={k} className="grid content-start gap-2">
                <Label htmlFor={`${id}-${k}`}>{t(`googleCalendar.settings.${k}`)}</Label>
                <Input id={`${id}-${k}`} type="number" inputMode="numeric" min={0} value={String(v[k])} aria-invalid={!!err(k)} onChange={(e) => setV({ ...v, [k]: e.target.value === "" ? 0 : Number(e.target.value) })} data-testid={`gcal-${k}`} />
                {(err(k) || k === "reminderHours") && <p className={err(k) ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>{err(k) ?? t("googleCalendar.settings.reminderHint")}</p>}
              </div>
            ))}
          </fieldset>
          {canEdit && (
            <div>
              <Button type="submit" loading={saving} data-testid="gcal-save">
                {t("googleCalendar.settings.save")}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function WorkingDayRow({ index, day, error, onChange }: { index: number; day: GcalSettingsInput["workingHours"][number]; error?: string; onChange: (p: Partial<GcalSettingsInput["workingHours"][number]>) => void }) {
  const { t } = useTranslation("integrations");
  const name = t(`googleCalendar.weekdays.d${index}`);
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 rounded-md border border-border px-3 py-2 sm:grid-cols-[10rem_auto_1fr]" data-testid={`gcal-day-${index}`}>
      <span className="text-sm font-medium">{name}</span>
      <Switch checked={day.on} onCheckedChange={(on: boolean) => onChange({ on })} aria-label={name} />
      {day.on ? (
        // w-32 as on the downtime tab: "07:00 PM" and the clock fit a 12-hour locale. Each label stays with its input, so a phone wraps between the two.
        <div className="col-span-2 flex flex-wrap items-center gap-2 text-sm sm:col-span-1">
          <span className="flex items-center gap-2">
            <span className="min-w-5 text-muted-foreground">{t("googleCalendar.settings.from")}</span>
            <Input type="time" className="w-32" value={day.from} aria-label={`${name}: ${t("googleCalendar.settings.from")}`} onChange={(e) => onChange({ from: e.target.value })} />
          </span>
          <span className="flex items-center gap-2">
            <span className="min-w-5 text-muted-foreground">{t("googleCalendar.settings.to")}</span>
            <Input type="time" className="w-32" value={day.to === "24:00" ? "23:59" : day.to} aria-label={`${name}: ${t("googleCalendar.settings.to")}`} aria-invalid={!!error} onChange={(e) => onChange({ to: e.target.value })} />
          </span>
          {error && <span className="w-full text-destructive">{error}</span>}
        </div>
      ) : (
        <span className="col-span-2 text-sm text-muted-foreground sm:col-span-1">{t("googleCalendar.settings.dayOff")}</span>
      )}
    </div>
  );
}
