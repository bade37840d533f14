import { useTranslation } from "react-i18next";
import { TRIGGER_TYPES } from "@worker/features/flows/contract";
import { ChannelsField, ChoiceField, KeywordsField, TextInputField } from "./fields";
import { ListEditor } from "./list-editor";
import type { FormProps } from "./message-forms";
import { replaceItem } from "./step-form";

/** A new trigger of a type with what it needs. */
function triggerFor(type: string) {
  if (type === "keyword") return { type, match: "exact", keywords: [], channels: [] };
  if (type === "newContact") return { type, channels: [] };
  if (type === "commentKeyword") return { type, match: "contains", keywords: [], replyText: "" };
  return { type };
}

/** start: what starts the flow (any of its triggers). */
export function StartForm({ form, readOnly }: FormProps) {
  const { t } = useTranslation("flows");
  return (
    <ListEditor form={form} name="flowConfig.triggers" max={20} addLabel={t("settings.start.add")} make={() => triggerFor("keyword")} disabled={readOnly} testId="step-triggers">
      {(i) => {
        const path = `flowConfig.triggers.${i}`;
        const type = form.watch(`${path}.type`) as string;
        return (
          <>
            <ChoiceField
              form={form}
              name={`${path}.type`}
              label={t("settings.start.type", { n: i + 1 })}
              options={TRIGGER_TYPES.map((x) => ({ value: x, label: t(`triggers.${x}`) }))}
              onValue={(v) => replaceItem(form, path, triggerFor(v))}
              disabled={readOnly}
              testId="trigger-type"
            />
            {(type === "keyword" || type === "commentKeyword") && (
              <>
                <KeywordsField key={`${path}-${type}`} form={form} name={`${path}.keywords`} label={t("settings.start.keywords")} description={t("settings.start.keywordsHint")} disabled={readOnly} testId="trigger-keywords" />
                <ChoiceField
                  form={form}
                  name={`${path}.match`}
                  label={t("settings.start.match")}
                  description={t(form.watch(`${path}.match`) === "exact" ? "settings.start.matchHint.exact" : "settings.start.matchHint.contains")}
                  options={["exact", "contains"].map((m) => ({ value: m, label: t(`settings.start.${m}`) }))}
                  disabled={readOnly}
                  testId="trigger-match"
                />
              </>
            )}
            {(type === "keyword" || type === "newContact") && <ChannelsField form={form} name={`${path}.channels`} disabled={readOnly} />}
            {type === "commentKeyword" && <TextInputField form={form} name={`${path}.replyText`} label={t("settings.start.replyText")} description={t("settings.start.replyTextHint")} disabled={readOnly} />}
            {type !== "keyword" && type !== "newContact" && type !== "commentKeyword" && <p className="text-[0.8125rem] text-muted-foreground">{t(`triggerHints.${type}`)}</p>}
          </>
        );
      }}
    </ListEditor>
  );
}
