import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Combobox, ComboboxCheck } from "@/components/ui/combobox";
import { CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";

function offsetOf(tz: string): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName");
    const v = part?.value.replace("GMT", "") || "+00:00";
    return `UTC${v}`;
  } catch {
    return "UTC";
  }
}

let cache: { tz: string; label: string; offset: string }[] | null = null;
function zones() {
  if (cache) return cache;
  const list: string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["Europe/Moscow", "UTC"];
  if (!list.includes("UTC")) list.push("UTC");
  cache = list
    .map((tz) => {
      const offset = offsetOf(tz);
      return { tz, offset, label: `(${offset}) ${tz.replaceAll("_", " ")}` };
    })
    .sort((a, b) => minutes(a.offset) - minutes(b.offset) || a.tz.localeCompare(b.tz));
  return cache;
}
function minutes(offset: string) {
  const m = /UTC([+-])(\d\d):(\d\d)/.exec(offset);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** A searchable IANA time zone picker (value is the zone name, e.g. Europe/Moscow). */
export function TimezoneSelect({
  value,
  onChange,
  disabled,
  id,
  "aria-invalid": invalid,
}: {
  value: string;
  onChange: (tz: string) => void;
  disabled?: boolean;
  id?: string;
  "aria-invalid"?: boolean;
}) {
  const { t } = useTranslation("accounts");
  const [open, setOpen] = useState(false);
  const all = useMemo(() => (open ? zones() : []), [open]);
  const current = value ? `(${offsetOf(value)}) ${value.replaceAll("_", " ")}` : t("timezone.placeholder");
  return (
    <Combobox open={open} onOpenChange={setOpen} display={current} empty={!value} id={id} disabled={disabled} invalid={invalid} testId="timezone-select">
      <CommandInput placeholder={t("timezone.search")} />
      <CommandList className="max-h-72">
        <CommandEmpty>{t("timezone.empty")}</CommandEmpty>
        <CommandGroup>
          {all.map((z) => (
            <CommandItem
              key={z.tz}
              value={z.label}
              onSelect={() => {
                onChange(z.tz);
                setOpen(false);
              }}
            >
              <ComboboxCheck on={z.tz === value} />
              {z.label}
            </CommandItem>
          ))}
        </CommandGroup>
      </CommandList>
    </Combobox>
  );
}

export function browserTimezone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/Moscow";
  } catch {
    return "Europe/Moscow";
  }
}
