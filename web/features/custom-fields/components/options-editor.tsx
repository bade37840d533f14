import { useTranslation } from "react-i18next";
import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** The choices of a select field: one input per option, add and remove. */
export function OptionsEditor({ value, onChange, disabled }: { value: string[]; onChange: (next: string[]) => void; disabled?: boolean }) {
  const { t } = useTranslation("customFields");
  const set = (i: number, text: string) => onChange(value.map((o, j) => (j === i ? text : o)));
  return (
    <div className="space-y-2" data-testid="field-options">
      {value.map((option, i) => (
        <div key={i} className="flex items-center gap-2">
          <Input
            value={option}
            onChange={(e) => set(i, e.target.value)}
            placeholder={t("form.optionPlaceholder", { n: i + 1 })}
            aria-label={t("form.optionLabel", { n: i + 1 })}
            maxLength={100}
            disabled={disabled}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                // Enter adds the next option instead of submitting the dialog half-filled.
                e.preventDefault();
                onChange([...value, ""]);
              }
            }}
          />
          <Button type="button" variant="ghost" size="icon" aria-label={t("form.removeOption", { n: i + 1 })} onClick={() => onChange(value.filter((_, j) => j !== i))} disabled={disabled}>
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => onChange([...value, ""])} disabled={disabled} data-testid="field-option-add">
        <Plus aria-hidden />
        {t("form.addOption")}
      </Button>
    </div>
  );
}
