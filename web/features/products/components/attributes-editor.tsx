import { useTranslation } from "react-i18next";
import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export type Attribute = { key: string; value: string };

/** Free attributes of a product (size, colour…): a key and a value per row, add and remove. */
export function AttributesEditor({ value, onChange, errors }: { value: Attribute[]; onChange: (next: Attribute[]) => void; errors?: (string | undefined)[] }) {
  const { t } = useTranslation("products");
  const set = (i: number, patch: Partial<Attribute>) => onChange(value.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <div className="grid gap-2" data-testid="product-attributes">
      {value.map((a, i) => (
        <div key={i} className="grid gap-1">
          <div className="flex items-center gap-2">
            <Input value={a.key} onChange={(e) => set(i, { key: e.target.value })} placeholder={t("form.attributes.keyPlaceholder")} aria-label={t("form.attributes.key", { n: i + 1 })} maxLength={60} className="w-2/5" />
            <Input value={a.value} onChange={(e) => set(i, { value: e.target.value })} placeholder={t("form.attributes.valuePlaceholder")} aria-label={t("form.attributes.value", { n: i + 1 })} maxLength={200} />
            <Button type="button" variant="ghost" size="icon" aria-label={t("form.attributes.remove", { n: i + 1 })} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <X aria-hidden />
            </Button>
          </div>
          {errors?.[i] && <p className="text-[0.8125rem] text-destructive">{errors[i]}</p>}
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onChange([...value, { key: "", value: "" }])} data-testid="attribute-add">
        <Plus aria-hidden />
        {t("form.attributes.add")}
      </Button>
    </div>
  );
}
