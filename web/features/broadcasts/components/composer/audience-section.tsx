import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Send, ShieldCheck } from "lucide-react";
import { FieldItem } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { FormControl } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { audienceQueries } from "@/features/audience/api";
import { AudienceCount } from "@/features/audience/components/audience-count";
import { AudienceFilterBuilder } from "@/features/audience/components/audience-filter-builder";
import { filterKey, readyFilter } from "@/features/audience/filter-model";
import { useDebounced } from "@/components/shell/use-palette-search";
import { broadcastQueries } from "../../api";
import { formatNumber } from "@/lib/i18n";
import type { ComposerForm } from "./form-types";

/**
 * Who receives the broadcast: a saved segment or a filter written here, with the live count per
 * channel. Unsubscribed and blocked contacts are never in it, whatever the filter says.
 */
export function AudienceSection({ accountId, form, disabled }: { accountId: string; form: ComposerForm; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  const mode = form.watch("audienceMode");
  const segmentId = form.watch("segmentId");
  const filter = form.watch("filter");
  const segments = useQuery(audienceQueries.segments(accountId));
  const hasSegments = !!segments.data?.data.length;
  return (
    <div className="space-y-5">
      <FieldItem control={form.control} name="audienceMode" label={t("composer.audience.mode")}>
        {(field) => (
          <FormControl>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-6" disabled={disabled}>
              {(["filter", "segment"] as const).map((v) => (
                <div key={v} className="flex items-center gap-2">
                  <RadioGroupItem value={v} id={`audience-${v}`} data-testid={`audience-${v}`} disabled={v === "segment" && !hasSegments} />
                  <Label htmlFor={`audience-${v}`} className="cursor-pointer font-normal">
                    {t(`composer.audience.${v}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </FormControl>
        )}
      </FieldItem>
      {mode === "segment" ? (
        <SelectField
          control={form.control}
          name="segmentId"
          label={t("composer.audience.segment")}
          placeholder={t("composer.audience.segmentPlaceholder")}
          disabled={disabled}
          triggerTestId="audience-segment"
          options={(segments.data?.data ?? []).map((s) => ({ value: s.segmentId, label: <SegmentOption accountId={accountId} segmentId={s.segmentId} name={s.name} /> }))}
        />
      ) : (
        <AudienceFilterBuilder accountId={accountId} value={filter} onChange={(f) => form.setValue("filter", f, { shouldDirty: true })} hide={["channels", "subscription", "q"]} />
      )}
      <div className="space-y-2 rounded-lg bg-muted/50 px-4 py-3">
        {mode === "segment" && segmentId ? <AudienceCount accountId={accountId} segmentId={segmentId} /> : mode === "filter" ? <AudienceCount accountId={accountId} filter={readyFilter(filter)} /> : null}
        <ChannelReach accountId={accountId} channelId={form.watch("channelId")} audience={mode === "segment" ? (segmentId ? { segmentId } : null) : { filter: filterKey(readyFilter(filter)) }} />
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("composer.audience.excluded")}
        </p>
      </div>
    </div>
  );
}

/** How many of the audience the broadcast reaches on the chosen channel (what starting it reserves of the quota). */
export function ChannelReach({ accountId, channelId, audience }: { accountId: string; channelId: string; audience: { segmentId: string } | { filter: string } | null }) {
  const { t } = useTranslation("broadcasts");
  const key = useDebounced(JSON.stringify(audience), 400);
  const parsed = JSON.parse(key) as typeof audience;
  const reach = useQuery({ ...broadcastQueries.channelAudience(accountId, channelId, parsed ?? { filter: "" }), enabled: !!channelId && !!parsed });
  if (!channelId || !parsed || reach.isError) return null;
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-heading" data-testid="channel-reach" aria-live="polite">
      <Send className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {reach.data ? t("composer.audience.reach", { count: reach.data.count, formatted: formatNumber(reach.data.count) }) : t("composer.audience.reachLoading")}
    </p>
  );
}

/** A segment in the picker with its live size. */
function SegmentOption({ accountId, segmentId, name }: { accountId: string; segmentId: string; name: string }) {
  const { t } = useTranslation("broadcasts");
  const count = useQuery(audienceQueries.segmentCount(accountId, segmentId));
  return (
    <span className="inline-flex items-center gap-2">
      <span>{name}</span>
      {count.data && <span className="text-muted-foreground tabular-nums">· {t("composer.audience.contacts", { count: count.data.total, formatted: formatNumber(count.data.total) })}</span>}
    </span>
  );
}
