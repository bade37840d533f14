import { useTranslation } from "react-i18next";
import { ACTION_TYPES, CONDITION_OPS, CONDITION_SOURCES, DELAY_UNITS, FLOW_PLATFORMS, MAX_ACTIONS, MAX_AI_TURNS, MAX_RULES, type ConditionSource } from "@worker/features/flows/contract";
import { TextareaField } from "@/components/form/field";
import { shortId } from "../../steps";
import { ChoiceField, NumberField, TextInputField } from "./fields";
import { ListEditor } from "./list-editor";
import type { FormProps } from "./message-forms";
import { replaceItem } from "./step-form";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** A new rule of a source, valid where it can be: the first operator, a sensible value. */
function ruleFor(source: ConditionSource, id: string) {
  const op = CONDITION_OPS[source][0];
  if (source === "time") return { id, source, op, value: { from: "09:00", to: "18:00" } };
  if (source === "weekday") return { id, source, op, value: [1, 2, 3, 4, 5] };
  if (source === "channel") return { id, source, op, value: "TELEGRAM" };
  if (source === "tag") return { id, source, op, value: "" };
  return { id, source, op, key: "", value: "" };
}

function RuleFields({ form, lists, readOnly, i }: Omit<FormProps, "vars"> & { i: number }) {
  const { t } = useTranslation(["flows", "chat"]);
  const path = `flowConfig.rules.${i}`;
  const source = form.watch(`${path}.source`) as ConditionSource;
  const op = form.watch(`${path}.op`) as string;
  const setSource = (s: string) => replaceItem(form, path, ruleFor(s as ConditionSource, form.getValues(`${path}.id`) as string));
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <label className="col-span-2 text-xs font-medium text-muted-foreground">{t("settings.condition.rule", { n: i + 1 })}</label>
        <ChoiceField form={form} name={`${path}.source`} label={t("settings.condition.source")} options={CONDITION_SOURCES.map((s) => ({ value: s, label: t(`conditionSources.${s}`) }))} onValue={setSource} disabled={readOnly} />
        <ChoiceField form={form} name={`${path}.op`} label={t("settings.condition.op")} options={CONDITION_OPS[source].map((o) => ({ value: o, label: t(`conditionOps.${o}`) }))} disabled={readOnly} />
      </div>
      {source === "field" && <ChoiceField form={form} name={`${path}.key`} label={t("settings.condition.field")} options={lists.fields.map((f) => ({ value: f.key, label: f.label }))} disabled={readOnly} />}
      {source === "variable" && <TextInputField form={form} name={`${path}.key`} label={t("settings.condition.variable")} disabled={readOnly} />}
      {(source === "field" || source === "variable") && op !== "isSet" && op !== "isNotSet" && <TextInputField form={form} name={`${path}.value`} label={t("settings.condition.value")} disabled={readOnly} />}
      {source === "tag" && <ChoiceField form={form} name={`${path}.value`} label={t("settings.condition.tag")} options={lists.tags.map((x) => ({ value: x.id, label: x.label }))} disabled={readOnly} />}
      {source === "channel" && <ChoiceField form={form} name={`${path}.value`} label={t("settings.condition.channel")} options={FLOW_PLATFORMS.map((p) => ({ value: p, label: t(`chat:platform.${p}`) }))} disabled={readOnly} />}
      {source === "time" && (
        <div className="grid grid-cols-2 gap-2">
          <TextInputField form={form} name={`${path}.value.from`} label={t("settings.condition.from")} placeholder="09:00" disabled={readOnly} />
          <TextInputField form={form} name={`${path}.value.to`} label={t("settings.condition.to")} placeholder="18:00" disabled={readOnly} />
        </div>
      )}
      {source === "weekday" && <WeekdaysField form={form} path={`${path}.value`} readOnly={readOnly} />}
    </>
  );
}

function WeekdaysField({ form, path, readOnly }: { form: FormProps["form"]; path: string; readOnly: boolean }) {
  const { t } = useTranslation("flows");
  const value = (form.watch(path) as number[] | undefined) ?? [];
  return (
    <fieldset className="flex flex-wrap gap-1">
      <legend className="mb-1 text-sm font-medium text-heading">{t("settings.condition.weekdays")}</legend>
      {WEEKDAYS.map((d) => {
        const on = value.includes(d);
        return (
          <button key={d} type="button" disabled={readOnly} aria-pressed={on} onClick={() => form.setValue(path, on ? value.filter((x) => x !== d) : [...value, d].sort(), { shouldValidate: true })} className={on ? "h-8 w-10 rounded-md bg-primary text-sm text-primary-foreground" : "h-8 w-10 rounded-md border text-sm hover:bg-muted"}>
            {t(`weekdays.${d}`)}
          </button>
        );
      })}
    </fieldset>
  );
}

/** condition: rules checked in order, each with its own output, then "else". */
export function ConditionForm(p: FormProps) {
  const { t } = useTranslation("flows");
  return (
    <ListEditor form={p.form} name="flowConfig.rules" max={MAX_RULES} min={1} addLabel={t("settings.condition.addRule")} make={() => ruleFor("channel", shortId())} disabled={p.readOnly} testId="step-rules">
      {(i) => <RuleFields form={p.form} lists={p.lists} readOnly={p.readOnly} i={i} />}
    </ListEditor>
  );
}

/** ai: the assistant, extra instructions, the goal phrase and the turns limit. */
export function AiForm({ form, lists, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  return (
    <>
      <ChoiceField form={form} name="flowConfig.assistantId" label={t("settings.ai.assistant")} options={lists.assistants.map((a) => ({ value: a.id, label: a.label }))} placeholder={t("settings.ai.pick")} disabled={readOnly} />
      <TextareaField control={form.control} name="flowConfig.instructions" label={t("settings.ai.instructions")} rows={4} disabled={readOnly} />
      <TextInputField form={form} name="flowConfig.goalPhrase" label={t("settings.ai.goalPhrase")} description={t("settings.ai.goalHint")} disabled={readOnly} />
      <NumberField form={form} name="flowConfig.maxTurns" label={t("settings.ai.maxTurns")} min={1} max={MAX_AI_TURNS} disabled={readOnly} />
    </>
  );
}

/** action: tags, fields and the hand-off, done in order. */
export function ActionForm({ form, lists, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  return (
    <ListEditor form={form} name="flowConfig.actions" max={MAX_ACTIONS} min={1} addLabel={t("settings.action.add")} make={() => ({ type: "handoff" })} disabled={readOnly} testId="step-actions">
      {(i) => {
        const path = `flowConfig.actions.${i}`;
        const type = form.watch(`${path}.type`) as string;
        return (
          <>
            <ChoiceField form={form} name={`${path}.type`} label={t("settings.action.type", { n: i + 1 })} options={ACTION_TYPES.map((a) => ({ value: a, label: t(`actionTypes.${a}`) }))}
              onValue={(v) => replaceItem(form, path, actionFor(v, lists))}
              disabled={readOnly}
              testId="action-type"
            />
            {(type === "addTag" || type === "removeTag") && <ChoiceField form={form} name={`${path}.tagId`} label={t("settings.action.tag")} options={lists.tags.map((x) => ({ value: x.id, label: x.label }))} disabled={readOnly} />}
            {(type === "setField" || type === "clearField") && <ChoiceField form={form} name={`${path}.key`} label={t("settings.action.field")} options={lists.fields.map((f) => ({ value: f.key, label: f.label }))} disabled={readOnly} />}
            {type === "setField" && <TextInputField form={form} name={`${path}.value`} label={t("settings.action.value")} disabled={readOnly} />}
          </>
        );
      }}
    </ListEditor>
  );
}

/** A new action of a type, with the first tag or field filled in. */
function actionFor(type: string, lists: FormProps["lists"]) {
  if (type === "addTag" || type === "removeTag") return { type, tagId: lists.tags[0]?.id ?? "" };
  if (type === "setField") return { type, key: lists.fields[0]?.key ?? "", value: "" };
  if (type === "clearField") return { type, key: lists.fields[0]?.key ?? "" };
  return { type };
}

/** delay: how long to wait before the next step. */
export function DelayForm({ form, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  return (
    <div className="grid grid-cols-2 gap-3">
      <NumberField form={form} name="flowConfig.amount" label={t("settings.delay.amount")} min={1} disabled={readOnly} />
      <ChoiceField form={form} name="flowConfig.unit" label={t("settings.delay.unit")} options={DELAY_UNITS.map((u) => ({ value: u, label: t(`delayUnits.${u}`) }))} disabled={readOnly} />
    </div>
  );
}

/** goto: another flow of the account to continue with. */
export function GotoForm({ form, lists, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  return <ChoiceField form={form} name="flowConfig.flowId" label={t("settings.goto.flow")} options={lists.flows.map((f) => ({ value: f.id, label: f.label }))} placeholder={t("settings.goto.pick")} disabled={readOnly} />;
}
