import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CalendarX2 } from "lucide-react";
import { BOOKING_ZONES, MAX_BOOKING_DAYS, MAX_BOOKING_SLOTS, MAX_RETRIES } from "@worker/features/flows/contract";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { gcalQueries } from "@/features/google-calendar/api";
import { ChoiceField, NumberField, TextInputField, TextWithVariables } from "./fields";
import type { FormProps } from "./message-forms";

/** A warning while the account's Google Calendar is not connected (or has no calendar chosen): the step would take "not booked". */
function CalendarWarning({ accountId }: { accountId: string }) {
  const { t } = useTranslation("flows");
  const state = useQuery(gcalQueries.state(accountId));
  if (!state.data) return null;
  const ok = state.data.status === "connected" && !!state.data.calendarId;
  if (ok) return null;
  return (
    <Alert variant="warning" data-testid="booking-calendar-warning">
      <CalendarX2 aria-hidden />
      <AlertTitle>{t(state.data.status === "connected" ? "settings.booking.noCalendar" : "settings.booking.notConnected")}</AlertTitle>
      <AlertDescription>
        <p>{t("settings.booking.notConnectedHint")}</p>
        <Link to={`/${accountId}/integration/google-calendar`} className="font-medium underline underline-offset-2">
          {t("settings.booking.openCalendar")}
        </Link>
      </AlertDescription>
    </Alert>
  );
}

/**
 * booking: free slots of the account's Google Calendar offered as buttons (a numbered list where the
 * channel has none); the chosen one is booked. How many, how far ahead, whose clock, the texts, the
 * retries and where the booked time goes.
 */
export function BookingForm({ form, lists, vars, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  const saveKind = (form.watch("flowConfig.saveTo.kind") as string | undefined) ?? "none";
  const setSaveKind = (v: string) =>
    form.setValue("flowConfig.saveTo", v === "field" ? { kind: "field", key: lists.fields[0]?.key ?? "" } : v === "variable" ? { kind: "variable", name: "booking_time" } : undefined, { shouldValidate: true });
  return (
    <>
      <CalendarWarning accountId={lists.accountId} />
      <TextWithVariables form={form} name="flowConfig.text" label={t("settings.booking.text")} vars={vars} disabled={readOnly} testId="step-text" rows={3} />
      <div className="grid grid-cols-2 gap-2">
        <NumberField form={form} name="flowConfig.slots" label={t("settings.booking.slots")} min={1} max={MAX_BOOKING_SLOTS} disabled={readOnly} testId="booking-slots" />
        <NumberField form={form} name="flowConfig.days" label={t("settings.booking.days")} min={1} max={MAX_BOOKING_DAYS} disabled={readOnly} testId="booking-days" />
      </div>
      <ChoiceField form={form} name="flowConfig.zone" label={t("settings.booking.zone")} options={BOOKING_ZONES.map((z) => ({ value: z, label: t(`settings.booking.zones.${z}`) }))} disabled={readOnly} testId="booking-zone" />
      <TextInputField form={form} name="flowConfig.bookedText" label={t("settings.booking.bookedText")} description={t("settings.booking.bookedTextHint")} placeholder={t("settings.booking.bookedDefault")} disabled={readOnly} />
      <TextInputField form={form} name="flowConfig.takenText" label={t("settings.booking.takenText")} placeholder={t("settings.booking.takenDefault")} disabled={readOnly} />
      <TextInputField form={form} name="flowConfig.noSlotsText" label={t("settings.booking.noSlotsText")} placeholder={t("settings.booking.noSlotsDefault")} disabled={readOnly} />
      <TextInputField form={form} name="flowConfig.errorText" label={t("settings.booking.errorText")} placeholder={t("settings.booking.errorDefault")} disabled={readOnly} />
      <NumberField form={form} name="flowConfig.maxRetries" label={t("settings.question.maxRetries")} min={0} max={MAX_RETRIES} disabled={readOnly} />
      <div className="space-y-2 rounded-md border p-3">
        <p className="text-sm font-medium text-heading">{t("settings.booking.saveTo")}</p>
        <div role="radiogroup" aria-label={t("settings.booking.saveTo")} className="flex flex-wrap gap-1" data-testid="booking-save-kind">
          {(["none", "field", "variable"] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={saveKind === k}
              disabled={readOnly}
              onClick={() => setSaveKind(k)}
              className={saveKind === k ? "h-8 rounded-md bg-primary px-3 text-sm text-primary-foreground" : "h-8 rounded-md border px-3 text-sm hover:bg-muted"}
            >
              {t(`settings.booking.save.${k}`)}
            </button>
          ))}
        </div>
        {saveKind === "field" && <ChoiceField form={form} name="flowConfig.saveTo.key" label={t("settings.question.field")} options={lists.fields.map((f) => ({ value: f.key, label: f.label }))} disabled={readOnly} />}
        {saveKind === "variable" && <TextInputField form={form} name="flowConfig.saveTo.name" label={t("settings.question.variable")} placeholder="booking_time" disabled={readOnly} />}
      </div>
    </>
  );
}
