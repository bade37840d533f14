import { useTranslation } from "react-i18next";
import { MAX_FLOW_BUTTONS, MAX_OPTIONS, MAX_RETRIES, QUESTION_KINDS } from "@worker/features/flows/contract";
import { MediaField } from "@/features/broadcasts/components/composer/media-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { shortId } from "../../steps";
import type { RefLists } from "../use-graph-refs";
import { ChoiceField, NumberField, TextInputField, TextWithVariables } from "./fields";
import { ListEditor } from "./list-editor";
import type { StepForm } from "./step-form";
import type { VariableLists } from "./variable-picker";

export interface FormProps {
  form: StepForm;
  lists: RefLists;
  vars: VariableLists;
  readOnly: boolean;
}

/**
 * message: text with variables, a file (an image, a video or a document, uploaded as the broadcast
 * composer does it, sent with the text as its caption) and up to 10 buttons (a button without a
 * link is a choice with its own output).
 */
export function MessageForm({ form, lists, vars, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  return (
    <>
      <TextWithVariables form={form} name="flowConfig.text" label={t("settings.message.text")} vars={vars} disabled={readOnly} testId="step-text" rows={5} />
      <MediaField accountId={lists.accountId} form={form} name="flowConfig.media" revalidate="flowConfig.text" disabled={readOnly} testId="step-media" />
      <div className="space-y-2">
        <p className="text-sm font-medium text-heading">{t("settings.message.buttons")}</p>
        <p className="text-[0.8125rem] text-muted-foreground">{t("settings.message.buttonsHint")}</p>
        <ListEditor form={form} name="flowConfig.buttons" max={MAX_FLOW_BUTTONS} addLabel={t("settings.message.addButton")} make={() => ({ id: shortId(), label: "", url: "" })} disabled={readOnly} testId="step-buttons">
          {(i) => (
            <>
              <TextInputField form={form} name={`flowConfig.buttons.${i}.label`} label={t("settings.message.buttonLabel", { n: i + 1 })} disabled={readOnly} testId="button-label" />
              <TextInputField form={form} name={`flowConfig.buttons.${i}.url`} label={t("settings.message.buttonUrl")} placeholder="https://" disabled={readOnly} />
            </>
          )}
        </ListEditor>
      </div>
    </>
  );
}

/** question: what to ask, the kind of answer, the options of a choice, retries, where the answer goes. */
export function QuestionForm({ form, lists, vars, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  const kind = form.watch("flowConfig.kind") as string;
  const saveKind = (form.watch("flowConfig.saveTo.kind") as string | undefined) ?? "none";
  return (
    <>
      <TextWithVariables form={form} name="flowConfig.text" label={t("settings.question.text")} vars={vars} disabled={readOnly} testId="step-text" />
      <ChoiceField form={form} name="flowConfig.kind" label={t("settings.question.kind")} options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`questionKinds.${k}`) }))} disabled={readOnly} testId="question-kind" />
      {kind === "choice" && (
        <ListEditor form={form} name="flowConfig.options" max={MAX_OPTIONS} addLabel={t("settings.question.addOption")} make={() => ({ id: shortId(), label: "" })} disabled={readOnly} testId="step-options">
          {(i) => <TextInputField form={form} name={`flowConfig.options.${i}.label`} label={t("settings.question.option", { n: i + 1 })} disabled={readOnly} />}
        </ListEditor>
      )}
      <TextInputField form={form} name="flowConfig.errorText" label={t("settings.question.errorText")} description={t("settings.question.errorTextHint")} disabled={readOnly} />
      <NumberField form={form} name="flowConfig.maxRetries" label={t("settings.question.maxRetries")} min={0} max={MAX_RETRIES} disabled={readOnly} />
      <div className="space-y-2">
        <label className="text-sm font-medium text-heading" htmlFor="save-to">
          {t("settings.question.saveTo")}
        </label>
        <Select
          value={saveKind}
          disabled={readOnly}
          onValueChange={(v) => v && form.setValue("flowConfig.saveTo", v === "field" ? { kind: "field", key: lists.fields[0]?.key ?? "" } : v === "variable" ? { kind: "variable", name: "" } : undefined, { shouldValidate: true })}
        >
          <SelectTrigger id="save-to" className="w-full" data-testid="question-save-kind">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="none">{t("settings.question.saveNone")}</SelectItem>
            <SelectItem value="field">{t("settings.question.saveField")}</SelectItem>
            <SelectItem value="variable">{t("settings.question.saveVariable")}</SelectItem>
          </SelectContent>
        </Select>
        {saveKind === "field" && <ChoiceField form={form} name="flowConfig.saveTo.key" label={t("settings.question.field")} options={lists.fields.map((f) => ({ value: f.key, label: f.label }))} disabled={readOnly} testId="question-save-field" />}
        {saveKind === "variable" && <TextInputField form={form} name="flowConfig.saveTo.name" label={t("settings.question.variable")} placeholder="answer" disabled={readOnly} testId="question-save-variable" />}
      </div>
    </>
  );
}
