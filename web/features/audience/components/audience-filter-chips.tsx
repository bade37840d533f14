import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { addDays } from "date-fns";
import { X } from "lucide-react";
import { customFieldQueries } from "@/features/custom-fields/api";
import { formatDate } from "@/lib/i18n";
import type { AudienceFilter } from "../api";
import { isComplete, needsValue, readyFilter, TAG_MODES } from "../filter-model";

interface Chip {
  id: string;
  label: string;
  remove: (f: AudienceFilter) => AudienceFilter;
}

/** The active conditions of a filter as labelled chips, each with its own removal. */
export function useFilterChips(accountId: string, value: AudienceFilter): Chip[] {
  const { t } = useTranslation(["contacts", "chat"]);
  const tags = useQuery(customFieldQueries.tags(accountId)).data?.data ?? [];
  const fields = useQuery(customFieldQueries.fields(accountId)).data?.data ?? [];
  const f = readyFilter(value);
  const chips: Chip[] = [];
  if (f.q) chips.push({ id: "q", label: t("audience.chips.q", { q: f.q }), remove: (x) => ({ ...x, q: undefined }) });
  for (const ch of f.channels ?? []) {
    chips.push({ id: `ch-${ch}`, label: t(`chat:platform.${ch}`), remove: (x) => ({ ...x, channels: x.channels?.filter((c) => c !== ch) }) });
  }
  for (const mode of TAG_MODES) {
    for (const tagId of f.tags?.[mode] ?? []) {
      const name = tags.find((x) => x.tagId === tagId)?.name ?? tagId;
      chips.push({ id: `tag-${mode}-${tagId}`, label: t(`audience.chips.tag_${mode}`, { name }), remove: (x) => ({ ...x, tags: { ...x.tags, [mode]: x.tags?.[mode]?.filter((id) => id !== tagId) } }) });
    }
  }
  (value.fields ?? []).forEach((c, i) => {
    if (!isComplete(c)) return;
    const field = fields.find((x) => x.key === c.key);
    const shown = typeof c.value === "boolean" ? (c.value ? t("audience.yes") : t("audience.no")) : String(c.value ?? "");
    const label = `${field?.label ?? c.key} ${t(`audience.ops.${c.op}`)}${needsValue(c.op) ? ` ${shown}` : ""}`;
    chips.push({ id: `field-${i}`, label, remove: (x) => ({ ...x, fields: x.fields?.filter((_, j) => j !== i) }) });
  });
  if (f.lastActivity) {
    const { from, to } = f.lastActivity;
    // "to" is exclusive (the next day's start): the chip names the last day included.
    const first = from ? formatDate(new Date(from)) : "";
    const last = to ? formatDate(addDays(new Date(to), -1)) : "";
    const label = from && to ? t("audience.chips.activeBetween", { from: first, to: last }) : from ? t("audience.chips.activeFrom", { from: first }) : t("audience.chips.activeTo", { to: last });
    chips.push({ id: "activity", label, remove: (x) => ({ ...x, lastActivity: undefined }) });
  }
  if (f.subscription) chips.push({ id: "sub", label: t(`audience.subscription.${f.subscription}`), remove: (x) => ({ ...x, subscription: undefined }) });
  return chips;
}

/** The chips row: one click on a chip's cross removes that condition; «Сбросить всё» clears the filter. */
export function AudienceFilterChips({ accountId, value, onChange, onClear }: { accountId: string; value: AudienceFilter; onChange: (f: AudienceFilter) => void; onClear?: () => void }) {
  const { t } = useTranslation("contacts");
  const chips = useFilterChips(accountId, value);
  if (!chips.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t("audience.chips.label")} data-testid="filter-chips">
      {chips.map((c) => (
        <li key={c.id}>
          <span className="inline-flex max-w-72 items-center gap-1 rounded-full border border-border bg-muted/60 py-0.5 ps-3 pe-1 text-[0.8125rem] text-foreground" data-testid="filter-chip">
            <span className="truncate">{c.label}</span>
            <button
              type="button"
              className="rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t("audience.chips.remove", { label: c.label })}
              onClick={() => onChange(c.remove(value))}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        </li>
      ))}
      {onClear && chips.length > 1 && (
        <li>
          <button type="button" className="px-2 text-[0.8125rem] font-medium text-primary hover:underline" onClick={onClear} data-testid="filter-clear">
            {t("audience.chips.clear")}
          </button>
        </li>
      )}
    </ul>
  );
}
