import { useTranslation } from "react-i18next";
import { RANGE_PRESETS } from "@worker/features/analytics/local-days";
import { DatePicker } from "@/components/ui/date-picker";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { Analytics } from "../api";
import type { useAnalyticsRange } from "../use-range";

const ALL = "__all";
const toDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
const fromDay = (s: string) => new Date(`${s}T00:00:00`);

/** The range presets, a custom range (two dates) and the channel and assistant filters. */
export function RangeBar({ range, filters }: { range: ReturnType<typeof useAnalyticsRange>; filters: Analytics["filters"] | undefined }) {
  const { t } = useTranslation("analytics");
  const { query } = range;
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="analytics-filters">
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t("range.label")}</span>
        <Select value={range.choice} onValueChange={(v) => (v === "custom" ? range.setCustom(query.from, query.to) : range.setPreset(v as (typeof RANGE_PRESETS)[number]))}>
          <SelectTrigger className="w-44" aria-label={t("range.label")} data-testid="range-preset">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {[...RANGE_PRESETS, "custom" as const].map((p) => (
              <SelectItem key={p} value={p}>
                {t(`range.presets.${p}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </label>
      {range.choice === "custom" && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{t("range.from")}</span>
            <DatePicker className="w-44" clearable={false} value={fromDay(query.from)} onChange={(d) => d && range.setCustom(toDay(d), query.to)} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{t("range.to")}</span>
            <DatePicker className="w-44" clearable={false} value={fromDay(query.to)} onChange={(d) => d && range.setCustom(query.from, toDay(d))} />
          </label>
        </div>
      )}
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t("filters.channel")}</span>
        <Select value={query.channel ?? ALL} onValueChange={(v) => range.setChannel(v === ALL ? null : v)}>
          <SelectTrigger className="w-48" aria-label={t("filters.channel")} data-testid="filter-channel">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("filters.allChannels")}</SelectItem>
            {filters?.channels.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name || t(`platforms.${c.platform}`, { defaultValue: c.platform })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t("filters.assistant")}</span>
        <Select value={query.assistantId ?? ALL} onValueChange={(v) => range.setAssistant(v === ALL ? null : v)}>
          <SelectTrigger className="w-48" aria-label={t("filters.assistant")} data-testid="filter-assistant">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("filters.allAssistants")}</SelectItem>
            {filters?.assistants.map((a) => (
              <SelectItem key={a.id} value={a.id}>
                {a.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </label>
    </div>
  );
}
