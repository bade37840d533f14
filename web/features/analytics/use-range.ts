import { useSearchParams } from "react-router";
import { presetRange, RANGE_PRESETS, type RangePreset } from "@worker/features/analytics/local-days";
import type { AnalyticsParams } from "./api";

export type RangeChoice = RangePreset | "custom";
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The page's range and filters, kept in the URL (`?range=30d`, or `?from=&to=` for a custom one, `&channel=&assistant=`), in the account's zone. */
export function useAnalyticsRange(timezone: string | undefined) {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const custom = DAY.test(from) && DAY.test(to) && from <= to;
  const rangeParam = params.get("range") as RangePreset | null;
  const choice: RangeChoice = custom ? "custom" : rangeParam && RANGE_PRESETS.includes(rangeParam) ? rangeParam : "7d";
  const tz = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const days = custom ? { from, to } : presetRange(choice as RangePreset, tz);
  const query: AnalyticsParams = { ...days, channel: params.get("channel") ?? undefined, assistantId: params.get("assistant") ?? undefined };
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
        return next;
      },
      { replace: true },
    );
  return {
    choice,
    query,
    setPreset: (p: RangePreset) => update({ range: p === "7d" ? null : p, from: null, to: null }),
    setCustom: (f: string, t: string) => update({ range: null, from: f <= t ? f : t, to: f <= t ? t : f }),
    setChannel: (id: string | null) => update({ channel: id }),
    setAssistant: (id: string | null) => update({ assistant: id }),
  };
}
