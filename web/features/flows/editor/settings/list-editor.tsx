import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFieldArray } from "react-hook-form";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { StepForm } from "./step-form";

/**
 * A list in the step's form (buttons, options, rules, actions, triggers): each row's fields, moved
 * up and down or removed; `make` gives a new row. Rows are keyed by react-hook-form's ids.
 */
export function ListEditor({
  form,
  name,
  max,
  min = 0,
  addLabel,
  make,
  disabled,
  testId,
  children,
}: {
  form: StepForm;
  name: string;
  max: number;
  min?: number;
  addLabel: string;
  make: () => Record<string, unknown>;
  disabled?: boolean;
  testId?: string;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation("flows");
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  return (
    <div className="space-y-2" data-testid={testId}>
      {fields.map((f, i) => (
        <div key={f.id} className="space-y-3 rounded-lg border p-3" data-testid={testId ? `${testId}-row` : undefined}>
          {children(i)}
          {!disabled && (
            <div className="flex justify-end gap-1">
              <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={t("settings.list.up", { n: i + 1 })} onClick={() => move(i, i - 1)} disabled={i === 0}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={t("settings.list.down", { n: i + 1 })} onClick={() => move(i, i + 1)} disabled={i === fields.length - 1}>
                <ArrowDown aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={t("settings.list.remove", { n: i + 1 })} onClick={() => remove(i)} disabled={fields.length <= min}>
                <X aria-hidden />
              </Button>
            </div>
          )}
        </div>
      ))}
      {!disabled && (
        <Button type="button" variant="outline" size="sm" onClick={() => append(make())} disabled={fields.length >= max} data-testid={testId ? `${testId}-add` : undefined}>
          <Plus aria-hidden />
          {addLabel}
        </Button>
      )}
    </div>
  );
}
