import { useTranslation } from "react-i18next";
import { useFormContext, useWatch } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { BookOpenText, Bot, Gauge, Headset, ScrollText, Wrench } from "lucide-react";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { formatNumber } from "@/lib/i18n";
import { assistantQueries } from "../api";
import type { AssistantConfigValues } from "../schemas";
import { useToolText } from "../tool-text";
import { HANDOFF_TOOL, LANGUAGES } from "../types";
import { ModelSelect } from "./model-select";
import { TagInput } from "./tag-input";

/**
 * The fields of an assistant's configuration (§7.5), shared by the full editor and the
 * administrators' template dialog: the same controls, limits, labels and messages. Each reads the
 * surrounding <Form> (react-hook-form context) whose values include AssistantConfigValues.
 */
const useConfigForm = () => useFormContext<AssistantConfigValues>();

/** The editor's sections: icon, title and hint, also used as group headings in the template dialog. */
export const CONFIG_SECTIONS = {
  general: { icon: Bot, title: "editor.sections.general", hint: "editor.sections.generalHint" },
  instructions: { icon: ScrollText, title: "editor.sections.instructions", hint: "editor.sections.instructionsHint" },
  knowledge: { icon: BookOpenText, title: "editor.sections.knowledge", hint: "editor.sections.knowledgeHint" },
  tools: { icon: Wrench, title: "editor.sections.tools", hint: "editor.sections.toolsHint" },
  handoff: { icon: Headset, title: "editor.sections.handoff", hint: "editor.sections.handoffHint" },
  behaviour: { icon: Gauge, title: "editor.sections.behaviour", hint: "editor.sections.behaviourHint" },
} as const;
export type ConfigSection = keyof typeof CONFIG_SECTIONS;

/** A section's icon with its translated title and hint. */
export function useConfigSection() {
  const { t } = useTranslation("assistants");
  return (key: ConfigSection) => ({ icon: CONFIG_SECTIONS[key].icon, title: t(CONFIG_SECTIONS[key].title), hint: t(CONFIG_SECTIONS[key].hint) });
}

export function NameField({ label, className }: { label: string; className?: string }) {
  const form = useConfigForm();
  return <TextField control={form.control} name="name" label={label} className={className} maxLength={100} />;
}

export function ModelField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  return (
    <FieldItem control={form.control} name="model" label={t("editor.fields.model")} className="content-start">
      {(field) => <ModelSelect value={field.value} onChange={field.onChange} disabled={disabled} />}
    </FieldItem>
  );
}

/** The reply language; the generation dialog passes its own label ("language of the instructions"). */
export function LanguageField({ disabled, label, triggerClassName }: { disabled?: boolean; label?: string; triggerClassName?: string }) {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  return (
    <SelectField
      control={form.control}
      name="language"
      label={label ?? t("editor.fields.language")}
      className="content-start"
      triggerClassName={triggerClassName}
      disabled={disabled}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
    />
  );
}

/** Instructions with a character counter; `compact` for a dialog (fewer rows). */
export function InstructionsField({ compact }: { compact?: boolean }) {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  const length = (useWatch({ control: form.control, name: "instructions" }) ?? "").length;
  return (
    <TextareaField
      control={form.control}
      name="instructions"
      label={t("editor.fields.instructions")}
      labelAside={<Counter value={length} max={20_000} />}
      rows={compact ? 8 : 12}
      controlClassName={cn("max-h-[32rem] font-[inherit] leading-relaxed", compact ? "min-h-40" : "min-h-56")}
      placeholder={t("editor.fields.instructionsPlaceholder")}
      data-testid="assistant-instructions"
    />
  );
}

export function GreetingField() {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  return (
    <TextareaField
      control={form.control}
      name="greeting"
      label={t("editor.fields.greeting")}
      description={t("editor.fields.greetingHint")}
      rows={2}
      maxLength={1000}
      controlClassName="min-h-16"
      placeholder={t("editor.fields.greetingPlaceholder")}
    />
  );
}

export function KnowledgeField({ compact }: { compact?: boolean }) {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  const length = (useWatch({ control: form.control, name: "knowledge" }) ?? "").length;
  return (
    <TextareaField
      control={form.control}
      name="knowledge"
      label={t("editor.fields.knowledge")}
      labelAside={<Counter value={length} max={50_000} />}
      rows={compact ? 6 : 8}
      controlClassName={cn("max-h-[32rem] leading-relaxed", compact ? "min-h-32" : "min-h-40")}
      placeholder={t("editor.fields.knowledgePlaceholder")}
    />
  );
}

/** Switches on the selected tools (all but the handoff tool, which lives with the handoff rules). */
function useToolSwitch() {
  const form = useConfigForm();
  const selected = form.watch("tools");
  const set = (name: string, on: boolean) => {
    const next = on ? [...new Set([...selected, name])] : selected.filter((x) => x !== name);
    form.setValue("tools", next, { shouldDirty: true, shouldValidate: true });
  };
  return { selected, set };
}

/** `idPrefix` keeps the switches' ids unique when another form on the page renders them too. */
export function ToolsField({ idPrefix = "", disabled }: { idPrefix?: string; disabled?: boolean }) {
  const { t } = useTranslation("assistants");
  const tools = useQuery(assistantQueries.tools());
  const { selected, set } = useToolSwitch();
  const toolText = useToolText();
  const list = (tools.data?.data ?? []).filter((x) => x.name !== HANDOFF_TOOL);
  if (tools.isPending)
    return (
      <div className="space-y-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  if (!list.length) return <p className="text-sm text-muted-foreground">{t("editor.tools.empty")}</p>;
  return (
    <ul className="divide-y rounded-md border" data-testid="tools-list">
      {list.map((tool) => {
        const id = `${idPrefix}tool-${tool.name}`;
        const text = toolText(tool);
        return (
          <li key={tool.name} className="flex items-start justify-between gap-4 px-4 py-3">
            <label htmlFor={id} className="grid cursor-pointer gap-0.5">
              <span className="font-medium text-foreground">{text.title}</span>
              <span className="text-[0.8125rem] text-muted-foreground">{text.description}</span>
              <code className="text-[0.75rem] text-muted-foreground">{tool.name}</code>
            </label>
            <Switch id={id} checked={selected.includes(tool.name)} onCheckedChange={(on) => set(tool.name, on)} disabled={disabled} className="mt-1" />
          </li>
        );
      })}
    </ul>
  );
}

/** The model's handoff tool, the keywords that hand a thread over at once, and the message to the customer. */
export function HandoffFields({ idPrefix = "", disabled }: { idPrefix?: string; disabled?: boolean }) {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  const { selected, set } = useToolSwitch();
  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-4 rounded-md border px-4 py-3">
        <label htmlFor={`${idPrefix}tool-handoff`} className="grid cursor-pointer gap-0.5">
          <span className="font-medium text-foreground">{t("editor.fields.handoffTool")}</span>
          <span className="text-[0.8125rem] text-muted-foreground">{t("editor.fields.handoffToolHint")}</span>
        </label>
        <Switch
          id={`${idPrefix}tool-handoff`}
          checked={selected.includes(HANDOFF_TOOL)}
          onCheckedChange={(on) => set(HANDOFF_TOOL, on)}
          disabled={disabled}
          className="mt-1"
          data-testid="handoff-tool"
        />
      </div>
      <FormField
        control={form.control}
        name="handoffKeywords"
        render={({ field, fieldState }) => (
          <FormItem>
            <FormLabel htmlFor={`${idPrefix}handoff-keywords`}>{t("editor.fields.handoffKeywords")}</FormLabel>
            <TagInput
              id={`${idPrefix}handoff-keywords`}
              value={field.value}
              onChange={field.onChange}
              max={30}
              maxLength={60}
              lowercase
              disabled={disabled}
              placeholder={t("editor.fields.handoffKeywordsPlaceholder")}
              aria-invalid={!!fieldState.error}
            />
            <FormDescription>{t("editor.fields.handoffKeywordsHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <TextField control={form.control} name="handoffMessage" label={t("editor.fields.handoffMessage")} maxLength={500} />
    </div>
  );
}

/** Temperature, reply length limit and debounce. */
export function BehaviourFields() {
  const { t } = useTranslation("assistants");
  const form = useConfigForm();
  const maxTokens = form.watch("maxReplyTokens");
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <FormField
        control={form.control}
        name="temperature"
        render={({ field }) => (
          <FormItem className="md:col-span-2">
            <div className="flex items-baseline justify-between gap-3">
              <FormLabel>{t("editor.fields.temperature")}</FormLabel>
              <span className="font-mono text-sm font-medium text-primary" aria-hidden>
                {Number(field.value).toFixed(1)}
              </span>
            </div>
            <FormControl>
              <input
                type="range"
                min={0}
                max={2}
                step={0.1}
                value={field.value}
                onChange={(e) => field.onChange(Number(e.target.value))}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                className="h-2 w-full cursor-pointer accent-primary"
              />
            </FormControl>
            <FormDescription>{t("editor.fields.temperatureHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FieldItem control={form.control} name="maxReplyTokens" label={t("editor.fields.maxReplyTokens")} description={t("editor.fields.maxReplyTokensHint", { words: Math.round((Number(maxTokens) || 0) * 0.6) })} className="content-start">
        {(field) => (
          <FormControl>
            <NumberInput field={field} min={50} max={4000} step={50} />
          </FormControl>
        )}
      </FieldItem>
      <FieldItem control={form.control} name="debounceSeconds" label={t("editor.fields.debounceSeconds")} description={t("editor.fields.debounceHint")} className="content-start">
        {(field) => (
          <FormControl>
            <NumberInput field={field} min={0} max={60} step={1} />
          </FormControl>
        )}
      </FieldItem>
    </div>
  );
}

function Counter({ value, max }: { value: number; max: number }) {
  const { t } = useTranslation("assistants");
  return <span className={cn("text-[0.75rem] tabular-nums", value > max ? "text-destructive" : "text-muted-foreground")}>{t("editor.fields.chars", { count: value, max: formatNumber(max) })}</span>;
}

function NumberInput({
  field,
  min,
  max,
  step,
  ...rest
}: {
  field: { value: number; onChange: (v: number) => void; onBlur: () => void; name: string; ref: React.Ref<HTMLInputElement> };
  min: number;
  max: number;
  step: number;
} & Omit<React.ComponentProps<"input">, "value" | "onChange" | "min" | "max" | "step">) {
  return (
    <Input
      {...rest}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={Number.isNaN(field.value) ? "" : field.value}
      onChange={(e) => field.onChange(e.target.value === "" ? Number.NaN : e.target.valueAsNumber)}
      className="tabular-nums sm:w-40"
    />
  );
}
