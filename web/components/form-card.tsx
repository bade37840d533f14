import { useTranslation } from "react-i18next";
import type { BaseSyntheticEvent, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeading } from "@/components/ui/card";
import { Form } from "@/components/ui/form";

/**
 * The footer of a settings card: "Discard changes" and "Save", both idle until something changed.
 * With `onSave` the save button calls it (a draft kept in state); without, it submits the
 * surrounding form. Labels come from the caller's namespace.
 */
export function SaveResetFooter({
  dirty,
  saving,
  onReset,
  onSave,
  resetLabel,
  saveLabel,
  saveTestId,
}: {
  dirty: boolean;
  saving: boolean;
  /** Without it there is no "Discard changes" button. */
  onReset?: () => void;
  onSave?: () => void;
  resetLabel?: ReactNode;
  saveLabel: ReactNode;
  saveTestId?: string;
}) {
  return (
    <CardFooter className="justify-end gap-3 border-t pt-5">
      {onReset && (
        <Button type="button" variant="ghost" disabled={!dirty} onClick={onReset}>
          {resetLabel ?? <ResetLabel />}
        </Button>
      )}
      <Button type={onSave ? "button" : "submit"} onClick={onSave} loading={saving} disabled={!dirty} data-testid={saveTestId}>
        {saveLabel}
      </Button>
    </CardFooter>
  );
}

/**
 * A settings card that is one react-hook-form form: title and description (or a `header` of its
 * own), `intro` between header and form (a banner), the fields in the card's content, and the
 * footer: with `onReset`, "Discard changes" + "Save" idle until the form changes; without, one
 * submit button always enabled. `footer={false}` hides the footer (read-only users); a node
 * replaces it (a CardFooter with buttons of its own). The form is labelled by the title.
 */
export function FormCard<T extends FieldValues>({
  form,
  onSubmit,
  title,
  description,
  header,
  intro,
  children,
  contentClassName,
  footer = true,
  onReset,
  resetLabel,
  submitLabel,
  submitTestId,
  testId,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  title: string;
  description?: ReactNode;
  /** Replaces the default header (title + description). */
  header?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  contentClassName?: string;
  footer?: boolean | ReactNode;
  onReset?: () => void;
  resetLabel?: ReactNode;
  submitLabel: ReactNode;
  submitTestId?: string;
  testId?: string;
}) {
  const { isDirty, isSubmitting } = form.formState;
  return (
    <Card data-testid={testId}>
      {header ?? <CardHeading title={title} description={description} />}
      {intro}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-6">
          <CardContent className={contentClassName}>{children}</CardContent>
          {footer === true ? (
            onReset ? (
              <SaveResetFooter dirty={isDirty} saving={isSubmitting} onReset={onReset} resetLabel={resetLabel} saveLabel={submitLabel} saveTestId={submitTestId} />
            ) : (
              <CardFooter className="justify-end border-t pt-5">
                <Button type="submit" loading={isSubmitting} data-testid={submitTestId}>
                  {submitLabel}
                </Button>
              </CardFooter>
            )
          ) : (
            footer
          )}
        </form>
      </Form>
    </Card>
  );
}

/** The reset button's text where a form gives none. */
function ResetLabel() {
  const { t } = useTranslation("common");
  return <>{t("actions.reset")}</>;
}
