import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MAX_BROADCAST_TEXT } from "@worker/features/broadcasts/contract";
import { FieldItem } from "@/components/form/field";
import { FormControl } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { flowQueries } from "@/features/flows/api";
import { insertVariable } from "../../sample-contact";
import { ButtonsEditor } from "../buttons-editor";
import { VariablesMenu } from "../variables-menu";
import type { ComposerForm } from "./form-types";
import { type AnyForm, MediaField } from "./media-field";

/** The message: text with variables (inserted at the caret from the menu), a file and up to ten buttons. */
export function MessageSection({ accountId, form, fields, disabled }: { accountId: string; form: ComposerForm; fields: ReadonlyArray<{ key: string; label: string }>; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  const area = useRef<HTMLTextAreaElement | null>(null);
  const text = form.watch("text");
  const flows = useQuery(flowQueries.published(accountId));
  const pick = (key: string) => {
    const el = area.current;
    const next = insertVariable(form.getValues("text"), key, el?.selectionStart ?? undefined, el?.selectionEnd ?? undefined);
    form.setValue("text", next.text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <div className="space-y-5">
      <FieldItem
        control={form.control}
        name="text"
        label={t("composer.message.text")}
        labelAside={<VariablesMenu fields={fields} onPick={pick} disabled={disabled} />}
        description={t("composer.message.hint", { used: text.length, max: MAX_BROADCAST_TEXT })}
      >
        {(field) => (
          <FormControl>
            <Textarea
              {...field}
              ref={(el) => {
                field.ref(el);
                area.current = el;
              }}
              rows={7}
              maxLength={MAX_BROADCAST_TEXT}
              placeholder={t("composer.message.placeholder", { variable: "{{name}}" })}
              disabled={disabled}
              data-testid="broadcast-text"
            />
          </FormControl>
        )}
      </FieldItem>
      <MediaField accountId={accountId} form={form as unknown as AnyForm} disabled={disabled} />
      <FieldItem control={form.control} name="buttons" label={t("composer.buttons.title")} description={t("composer.buttons.hint")}>
        {(field) => <ButtonsEditor value={field.value} onChange={field.onChange} errors={form.formState.errors.buttons as never} disabled={disabled} flows={flows.data?.data ?? []} />}
      </FieldItem>
    </div>
  );
}
