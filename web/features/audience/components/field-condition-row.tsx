import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { CustomFieldDef } from "@/features/custom-fields/api";
import { FieldValueInput } from "@/features/custom-fields/components/field-value-input";
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

/**
 * The value input of a condition: the contact card's input of the field's type (FieldValueInput),
 * except a multi-select, whose «contains» takes one option. A yes/no value is sent as a boolean.
 */
export function ConditionValue({ field, value, onChange, label }: { field: CustomFieldDef; value: FieldCondition["value"]; onChange: (v: FieldCondition["value"]) => void; label: string }) {
  const { t } = useTranslation("contacts");
  const id = useId();
  const text = value === undefined ? "" : String(value);
  if (field.type === "multiselect") {
    return (
      <Select value={text || undefined} onValueChange={onChange}>
        <SelectTrigger className="w-full" aria-label={label} data-testid="condition-value">
          <SelectValue placeholder={t("audience.fields.pickValue")} />
        </SelectTrigger>
        <SelectContent>
          {field.options.map((o) => (
            <SelectItem key={o} value={o}>
              {o}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }
  return (
    <div data-testid="condition-value">
      <label htmlFor={id} id={`${id}-label`} className="sr-only">
        {label}
      </label>
      <FieldValueInput field={field} id={id} value={text} onChange={(v) => onChange(field.type === "boolean" && v !== "" ? v === "true" : typeof v === "string" ? v : v.join(","))} />
    </div>
  );
}
