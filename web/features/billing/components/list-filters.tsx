import { useTranslation } from "react-i18next";
import type { ListParamsPatch } from "@/components/list-params";
import { DatePicker } from "@/components/ui/date-picker";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { msToDay } from "../pay-api";

export const ANY = "__any";

/** A filter select whose «any» choice removes the key from the URL. */
export function FilterSelect({ name, value, options, label, allLabel, optionLabel, update, testId }: { name: string; value: string | undefined; options: readonly string[]; label: string; allLabel: string; optionLabel: (v: string) => string; update: (patch: ListParamsPatch) => void; testId: string }) {
  return (
    <Select value={value ?? ANY} onValueChange={(v) => update({ [name]: v === ANY ? undefined : v })}>
      <SelectTrigger className="w-full sm:w-48" aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o} value={o}>
            {optionLabel(o)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const dayDate = (day: string | null) => (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00`) : null);

/** «С» and «по» days of a list, kept in the URL as `from`/`to` (YYYY-MM-DD). */
export function DateRangeFilter({ from, to, update }: { from: string | null; to: string | null; update: (patch: ListParamsPatch) => void }) {
  const { t } = useTranslation("billing");
  const fromDate = dayDate(from);
  const toDate = dayDate(to);
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center">
      <DatePicker className="sm:w-44" value={fromDate} max={toDate ?? undefined} placeholder={t("operations.filters.from")} onChange={(d) => update({ from: d ? msToDay(d) : undefined })} />
      <DatePicker className="sm:w-44" value={toDate} min={fromDate ?? undefined} placeholder={t("operations.filters.to")} onChange={(d) => update({ to: d ? msToDay(d) : undefined })} />
    </div>
  );
}
