import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { useZodForm } from "@/lib/form";
import { audienceApi, audienceKeys, type AudienceFilter, type Segment } from "../api";
import { readyFilter } from "../filter-model";
import { AudienceCount } from "./audience-count";

/**
 * «Сохранить как сегмент» (a new segment of `filter`) or «Переименовать» (`segment` given): the
 * name, and for a new one the live count of what it will hold.
 */
export function SegmentDialog({
  accountId,
  filter,
  segment,
  onClose,
  onSaved,
}: {
  accountId: string;
  filter?: AudienceFilter;
  segment?: Segment;
  onClose: () => void;
  onSaved?: (s: Segment) => void;
}) {
  const { t } = useTranslation("contacts");
  const schema = useMemo(() => z.object({ name: z.string().trim().min(1, t("segments.form.nameRequired")).max(100, t("segments.form.nameMax")) }), [t]);
  const form = useZodForm(schema, { defaultValues: { name: segment?.name ?? "" } });
  const dialog = useFormDialog(form, {
    onClose,
    save: ({ name }) => (segment ? audienceApi.updateSegment(accountId, segment.segmentId, { name }) : audienceApi.createSegment(accountId, { name, filter: readyFilter(filter ?? {}) })),
    success: (r) => serverText(r.message, i18n.t("common:serverToasts.segmentSaved")),
    invalidate: [audienceKeys.segments(accountId)],
    onSaved: (r) => onSaved?.(r),
    failure: { toast: t("segments.saveFailed") },
  });
  return (
    <FormDialog
      {...dialog}
      title={segment ? t("segments.form.renameTitle") : t("segments.form.createTitle")}
      description={segment ? undefined : t("segments.form.createHint")}
      submitLabel={segment ? t("segments.form.save") : t("segments.form.create")}
      submitTestId="segment-save"
      className="sm:max-w-md"
      testId="segment-dialog"
    >
      <TextField control={form.control} name="name" label={t("segments.form.name")} placeholder={t("segments.form.namePlaceholder")} autoFocus maxLength={100} />
      {!segment && <AudienceCount accountId={accountId} filter={filter ?? {}} />}
    </FormDialog>
  );
}
