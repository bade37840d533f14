import { useTranslation } from "react-i18next";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { CustomFieldDef } from "../api";
import type { Draft } from "../values";

const NONE = "__none";

const INPUT_TYPES: Partial<Record<CustomFieldDef["type"], { type: string; inputMode?: "decimal" | "tel" | "email" | "url" }>> = {
  number: { type: "text", inputMode: "decimal" },
  date: { type: "date" },
  datetime: { type: "datetime-local" },
  phone: { type: "tel", inputMode: "tel" },
  email: { type: "email", inputMode: "email" },
  url: { type: "url", inputMode: "url" },
};

/** The input of one field's type; `id` and `describedBy` tie it to its label and its message. */
export function FieldValueInput({
  field,
  value,
  onChange,
  id,
  describedBy,
  invalid,
}: {
  field: CustomFieldDef;
  value: Draft;
  onChange: (v: Draft) => void;
  id: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation("customFields");
  const aria = { id, "aria-describedby": describedBy, "aria-invalid": invalid || undefined };
  if (field.type === "multiselect") {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} className="flex flex-wrap gap-x-4 gap-y-2">
        {field.options.map((o, i) => (
          <label key={o} className="flex cursor-pointer items-center gap-2 text-sm">
            <Checkbox
              id={i === 0 ? id : undefined}
              checked={chosen.includes(o)}
              onCheckedChange={(on) => onChange(on === true ? [...chosen, o] : chosen.filter((x) => x !== o))}
            />
            {o}
          </label>
        ))}
      </div>
    );
  }
  if (field.type === "select" || field.type === "boolean") {
    const options = field.type === "boolean" ? [{ value: "true", label: t("values.yes") }, { value: "false", label: t("values.no") }] : field.options.map((o) => ({ value: o, label: o }));
    return (
      <Select value={typeof value === "string" && value ? value : NONE} onValueChange={(v) => onChange(v === NONE ? "" : v)}>
        <SelectTrigger className="w-full" {...aria}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{t("values.notSet")}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }
  const kind = INPUT_TYPES[field.type] ?? { type: "text" };
  return (
    <Input
      {...aria}
      type={kind.type}
      inputMode={kind.inputMode}
      value={typeof value === "string" ? value : ""}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t(`placeholders.${field.type}`, { defaultValue: "" })}
      maxLength={2000}
    />
  );
}
