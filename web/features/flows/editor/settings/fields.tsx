import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FLOW_PLATFORMS } from "@worker/features/flows/contract";
import { FieldItem } from "@/components/form/field";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { StepForm } from "./step-form";
import { VariablePicker, type VariableLists } from "./variable-picker";

type Base = { form: StepForm; name: string; label: ReactNode; description?: ReactNode; disabled?: boolean; testId?: string };

/** A whole number (empty while typed over is kept as empty, which the schema reports). */
export function NumberField({ form, name, label, description, disabled, testId, min, max }: Base & { min?: number; max?: number }) {
  return (
    <FieldItem control={form.control} name={name} label={label} description={description}>
      {(field) => (
        <FormControl>
          <Input type="number" inputMode="numeric" min={min} max={max} value={field.value ?? ""} onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))} onBlur={field.onBlur} disabled={disabled} data-testid={testId} />
        </FormControl>
      )}
    </FieldItem>
  );
}

export function TextInputField({ form, name, label, description, disabled, testId, placeholder }: Base & { placeholder?: string }) {
  return (
    <FieldItem control={form.control} name={name} label={label} description={description}>
      {(field) => (
        <FormControl>
          <Input value={field.value ?? ""} onChange={field.onChange} onBlur={field.onBlur} placeholder={placeholder} disabled={disabled} data-testid={testId} />
        </FormControl>
      )}
    </FieldItem>
  );
}

/** A select of a short list; `onValue` runs after the field took the value (to reset what depends on it). */
export function ChoiceField({ form, name, label, description, disabled, testId, options, placeholder, onValue }: Base & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string; onValue?: (v: string) => void }) {
  return (
    <FieldItem control={form.control} name={name} label={label} description={description}>
      {(field) => (
        <Select
          value={field.value ?? ""}
          onValueChange={(v) => {
            // Radix Select reports "" when its options unmount under a re-rendered row: not a choice.
            if (!v) return;
            field.onChange(v);
            onValue?.(v);
          }}
          disabled={disabled}
        >
          <FormControl>
            <SelectTrigger className="w-full" data-testid={testId}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FieldItem>
  );
}

/** A text with variables: the picker inserts `{{…}}` where the cursor is. */
export function TextWithVariables({ form, name, label, description, disabled, testId, vars, rows = 4 }: Base & { vars: VariableLists; rows?: number }) {
  const ref = useRef<HTMLTextAreaElement | null>(null);
  return (
    <FieldItem
      control={form.control}
      name={name}
      label={label}
      description={description}
      labelAside={
        !disabled && (
          <VariablePicker
            lists={vars}
            onPick={(token) => {
              const el = ref.current;
              const text = String(form.getValues(name) ?? "");
              const at = el ? el.selectionStart : text.length;
              const end = el ? el.selectionEnd : text.length;
              form.setValue(name, text.slice(0, at) + token + text.slice(end), { shouldDirty: true, shouldValidate: true });
              requestAnimationFrame(() => {
                el?.focus();
                el?.setSelectionRange(at + token.length, at + token.length);
              });
            }}
          />
        )
      }
    >
      {(field) => (
        <FormControl>
          <Textarea
            ref={(el) => {
              ref.current = el;
              field.ref(el);
            }}
            rows={rows}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            data-testid={testId}
          />
        </FormControl>
      )}
    </FieldItem>
  );
}

/** Keywords typed as a comma-separated line, kept as a list. */
export function KeywordsField({ form, name, label, description, disabled, testId }: Base) {
  const [text, setText] = useState(() => ((form.getValues(name) as string[] | undefined) ?? []).join(", "));
  return (
    <FieldItem control={form.control} name={name} label={label} description={description}>
      {(field) => (
        <FormControl>
          <Input
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              field.onChange(e.target.value.split(",").map((w) => w.trim()).filter(Boolean));
            }}
            onBlur={field.onBlur}
            disabled={disabled}
            data-testid={testId}
          />
        </FormControl>
      )}
    </FieldItem>
  );
}

/** The channels a trigger listens on; none ticked = all. */
export function ChannelsField({ form, name, disabled }: { form: StepForm; name: string; disabled?: boolean }) {
  const { t } = useTranslation(["flows", "chat"]);
  return (
    <FieldItem control={form.control} name={name} label={t("settings.start.channels")} description={t("settings.start.channelsHint")}>
      {(field) => {
        const value: string[] = field.value ?? [];
        return (
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {FLOW_PLATFORMS.map((p) => (
              <label key={p} className="flex items-center gap-2 text-sm">
                <Checkbox checked={value.includes(p)} disabled={disabled} onCheckedChange={(on) => field.onChange(on ? [...value, p] : value.filter((x) => x !== p))} />
                {t(`chat:platform.${p}`)}
              </label>
            ))}
          </div>
        );
      }}
    </FieldItem>
  );
}
