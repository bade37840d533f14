import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { CustomFieldDef } from "@/features/custom-fields/api";
import { needsValue, opsForType, type FieldCondition, type FieldOp } from "../filter-model";

/** One "field · operator · value" row; the value input follows the field's type. */
export function FieldConditionRow({
  fields,
  value,
  onChange,
  onRemove,
  index,
}: {
  fields: CustomFieldDef[];
  value: FieldCondition;
  onChange: (c: FieldCondition) => void;
  onRemove: () => void;
  index: number;
}) {
  const { t } = useTranslation("contacts");
  const field = fields.find((f) => f.key === value.key);
  const ops = field ? opsForType(field.type) : [];
  const pickField = (key: string) => {
    const next = fields.find((f) => f.key === key);
    const op = next && opsForType(next.type).includes(value.op) ? value.op : (opsForType(next?.type ?? "text")[0] as FieldOp);
    onChange({ key, op });
  };
  return (
    <div className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto]" data-testid="field-condition">
      <Select value={value.key || undefined} onValueChange={pickField}>
        <SelectTrigger className="col-span-1 w-full" aria-label={t("audience.fields.field", { n: index + 1 })} data-testid="condition-field">
          <SelectValue placeholder={t("audience.fields.pickField")} />
        </SelectTrigger>
        <SelectContent>
          {fields.map((f) => (
            <SelectItem key={f.key} value={f.key}>
              {f.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="ghost" size="icon" className="sm:order-last" onClick={onRemove} aria-label={t("audience.fields.remove", { n: index + 1 })} data-testid="condition-remove">
        <Trash2 aria-hidden />
      </Button>
      <Select value={value.op} onValueChange={(op) => onChange(needsValue(op as FieldOp) ? { ...value, op: op as FieldOp } : { key: value.key, op: op as FieldOp })} disabled={!field}>
        <SelectTrigger className="w-full" aria-label={t("audience.fields.op", { n: index + 1 })} data-testid="condition-op">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(ops.length ? ops : [value.op]).map((op) => (
            <SelectItem key={op} value={op}>
              {t(`audience.ops.${op}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="col-span-2 sm:col-span-1">
        {field && needsValue(value.op) ? (
          <ConditionValue field={field} value={value.value} onChange={(v) => onChange({ ...value, value: v })} label={t("audience.fields.value", { n: index + 1 })} />
        ) : null}
      </div>
    </div>
  );
}

const TEXT_INPUTS: Record<string, { type: string; inputMode?: "decimal" | "tel" | "email" | "url" }> = {
  number: { type: "text", inputMode: "decimal" },
  date: { type: "date" },
  datetime: { type: "datetime-local" },
  phone: { type: "tel", inputMode: "tel" },
  email: { type: "text", inputMode: "email" },
  url: { type: "text", inputMode: "url" },
};

/** The value input of a condition: options for choice and yes/no fields, a typed input otherwise. */
export function ConditionValue({ field, value, onChange, label }: { field: CustomFieldDef; value: FieldCondition["value"]; onChange: (v: FieldCondition["value"]) => void; label: string }) {
  const { t } = useTranslation("contacts");
  if (field.type === "boolean" || field.type === "select" || field.type === "multiselect") {
    const options = field.type === "boolean" ? [{ value: "true", label: t("audience.yes") }, { value: "false", label: t("audience.no") }] : field.options.map((o) => ({ value: o, label: o }));
    const current = value === undefined || value === "" ? undefined : String(value);
    return (
      <Select value={current} onValueChange={(v) => onChange(field.type === "boolean" ? v === "true" : v)}>
        <SelectTrigger className="w-full" aria-label={label} data-testid="condition-value">
          <SelectValue placeholder={t("audience.fields.pickValue")} />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }
  const kind = TEXT_INPUTS[field.type] ?? { type: "text" };
  const text = value === undefined ? "" : String(value);
  return (
    <Input
      type={kind.type}
      inputMode={kind.inputMode}
      value={text}
      aria-label={label}
      placeholder={field.type === "number" ? "0" : t("audience.fields.valuePlaceholder")}
      // Kept as typed ("1," mid-number): the server reads a number's text like a contact's value.
      onChange={(e) => onChange(e.target.value)}
      maxLength={2000}
      data-testid="condition-value"
    />
  );
}
