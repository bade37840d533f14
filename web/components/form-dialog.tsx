import type { BaseSyntheticEvent, ReactNode } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { cn } from "@/lib/utils";

/**
 * A dialog that holds one react-hook-form form: title, description, the fields, and a footer with
 * Cancel and the submit button (spinning while the form submits). The form is labelled by the
 * title (or `formLabel`).
 *
 * Use it for "fill in a few fields and press a button" dialogs. The caller owns `open` (it closes
 * the dialog after a successful submit); `trigger` opens it. With `resetValues` the form is reset
 * to those values each time the trigger (or anything calling onOpenChange(true)) opens it; a
 * dialog opened by its parent resets its form itself. A confirmation without fields is
 * ConfirmDialog.
 */
export function FormDialog<T extends FieldValues>({
  form,
  onSubmit,
  open,
  onOpenChange,
  trigger,
  resetValues,
  title,
  description,
  formLabel,
  children,
  submitLabel,
  submitTestId,
  submitDisabled,
  cancelLabel,
  cancelVariant = "outline",
  className,
  headerClassName,
  footerClassName,
  formClassName = "space-y-5",
  persistent,
  testId,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  /** The form's submit handler, e.g. form.handleSubmit(async (values) => …). */
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  resetValues?: () => DefaultValues<NoInfer<T>>;
  title: ReactNode;
  description?: ReactNode;
  /** The form's aria-label when the title is not a plain string. */
  formLabel?: string;
  children: ReactNode;
  submitLabel: ReactNode;
  submitTestId?: string;
  submitDisabled?: boolean;
  /** Defaults to common "Cancel". */
  cancelLabel?: ReactNode;
  cancelVariant?: "outline" | "secondary";
  /** On the DialogContent (width: "sm:max-w-xl"). */
  className?: string;
  headerClassName?: string;
  footerClassName?: string;
  formClassName?: string;
  /** Keep the dialog open on a click outside (e.g. while the form has changes). */
  persistent?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o && resetValues) form.reset(resetValues());
        onOpenChange(o);
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className} persistent={persistent} data-testid={testId}>
        <DialogHeader className={headerClassName}>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className={cn(formClassName)} aria-label={formLabel ?? (typeof title === "string" ? title : undefined)}>
            {children}
            <DialogFooter className={footerClassName}>
              <Button type="button" variant={cancelVariant} onClick={() => onOpenChange(false)}>
                {cancelLabel ?? t("actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={submitDisabled} data-testid={submitTestId}>
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
