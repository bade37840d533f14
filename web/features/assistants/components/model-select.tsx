import { useTranslation } from "react-i18next";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { MODELS } from "../types";

/** The three models of §3, with a one-line hint under the chosen one. */
export function ModelSelect({ value, onChange, id, disabled }: { value: string; onChange: (v: string) => void; id?: string; disabled?: boolean }) {
  const { t } = useTranslation("assistants");
  return (
    <div className="grid gap-1.5">
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} aria-label={t("editor.fields.model")} data-testid="model-select">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {MODELS.map((m) => (
          <SelectItem key={m} value={m}>
            {m}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
      {MODELS.includes(value as never) && <p className="text-[0.8125rem] text-muted-foreground">{t(`models.${value}`)}</p>}
    </div>
  );
}
