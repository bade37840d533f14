import { useEffect, useState, type BaseSyntheticEvent, type ReactNode } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { DefaultValues, FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { placeServerErrors } from "@/lib/form";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";

/**
 * What a failed save shows once the server's field messages (400/409 details.fields) are on the
 * fields: when no field took one, a snackbar with the error's sentence (or `toast`), or that
 * sentence (or `message`) under `field`; a function instead handles every failure itself.
 */
export type SaveFailure<T extends FieldValues> =
  | { toast: string; title?: string }
  | { field: Path<T>; message: string }
  | ((error: unknown, onFields: boolean) => void);

export type FormDialogOptions<T extends FieldValues, TOut, R> = {
  /** The values the form is reset to each time the dialog opens. */
  defaults?: () => DefaultValues<NoInfer<T>>;
  /**
   * For a dialog its parent opens. Without them (or onClose) the dialog keeps its own open state
   * and its `trigger` opens it.
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** For a dialog its parent mounts only while it is open: closing it calls onClose. */
  onClose?: () => void;
  /** The call; null when there is nothing to send (the dialog just closes). */
  save: (values: TOut) => Promise<R> | null;
  /** The success snackbar's message (none when it gives nothing). */
  success?: string | ((result: R) => string | undefined);
  /** The queries a save makes stale; they are refetched before the dialog closes. */
  invalidate?: readonly QueryKey[] | ((values: TOut) => readonly QueryKey[]);
  /** Stay open after a save (e.g. to show the result). */
  keepOpen?: boolean;
  /** After the save, the refresh and the close: navigate, hand the result to the parent… */
  onSaved?: (result: R, values: TOut) => void;
  failure: SaveFailure<T>;
  /**
   * The form's field for a server field key it names differently (`{ monthlyPriceKopecks: "monthly" }`:
   * the API takes kopecks, the form roubles). A server message for a key the form has no field for
   * is never dropped: it is shown as `failure` shows a sentence.
   */
  serverFields?: Partial<Record<string, Path<T>>>;
};

/**
 * The state and the submit step of a FormDialog, returned as its props: spread them,
 * `<FormDialog {...dialog} title=… submitLabel=…>fields</FormDialog>`. It owns the open state
 * (unless the parent passes `open`/`onOpenChange`), resets the form to `defaults` on each opening,
 * and submits: save, say so, refresh the queries, close, then `onSaved`; a failure puts the
 * server's messages on the fields, else shows `failure`.
 */
export function useFormDialog<T extends FieldValues, TOut, R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, TOut>,
  { defaults, open: outerOpen, onOpenChange: outerChange, onClose, save, success, invalidate, keepOpen, onSaved, failure, serverFields }: FormDialogOptions<T, TOut, R>,
) {
  const queryClient = useQueryClient();
  const [ownOpen, setOwnOpen] = useState(false);
  const parent = onClose ? { open: true, change: (o: boolean) => void (o || onClose()) } : outerChange ? { open: !!outerOpen, change: outerChange } : null;
  const open = parent ? parent.open : ownOpen;
  // A dialog its parent opens starts from `defaults` each time it opens.
  useEffect(() => {
    if (parent && open && defaults) form.reset(defaults());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onOpenChange = (o: boolean) => {
    if (parent) return parent.change(o);
    if (o && defaults) form.reset(defaults());
    setOwnOpen(o);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const call = save(values);
    if (!call) return onOpenChange(false);
    try {
      const result = await call;
      const message = typeof success === "function" ? success(result) : success;
      if (message) notify({ type: "success", message });
      const keys = typeof invalidate === "function" ? invalidate(values) : (invalidate ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!keepOpen) onOpenChange(false);
      onSaved?.(result, values);
    } catch (e) {
      showFailure(form, e, failure, serverFields);
    }
  });

  return { form, onSubmit, open, onOpenChange };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function showFailure<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown, failure: SaveFailure<T>, serverFields?: Partial<Record<string, Path<T>>>) {
  const { placed, unplaced } = placeServerErrors(form, error, serverFields);
  if (typeof failure === "function") return failure(error, placed.size > 0);
  if (placed.size > 0 && unplaced.length === 0) return;
  // A field message the form could not place is the clearest sentence there is (the error's own
  // message names the field by its API key: "Проверьте введённые данные — monthlyPriceKopecks: …").
  const sentence = unplaced[0] ?? (error instanceof Error && error.message ? error.message : undefined);
  if ("field" in failure && !placed.has(failure.field)) form.setError(failure.field, { type: "server", message: sentence ?? failure.message });
  else notify({ type: "error", title: "toast" in failure ? failure.title : undefined, message: sentence ?? ("toast" in failure ? failure.toast : failure.message) });
}

/**
 * A dialog that holds one react-hook-form form: title, description, the fields, and a footer with
 * Cancel and the submit button (spinning while the form submits). The form is labelled by the
 * title (or `formLabel`).
 *
 * Use it for "fill in a few fields and press a button" dialogs, with useFormDialog's props
 * (`form`, `onSubmit`, `open`, `onOpenChange`); `trigger` opens it. `fallback` stands in for the
 * form when there is nothing to fill in. A confirmation without fields is ConfirmDialog.
 */
export function FormDialog<T extends FieldValues>({
  form,
  onSubmit,
  open,
  onOpenChange,
  trigger,
  title,
  description,
  formLabel,
  children,
  fallback,
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
  title: ReactNode;
  description?: ReactNode;
  /** The form's aria-label when the title is not a plain string. */
  formLabel?: string;
  children: ReactNode;
  /** Shown instead of the form and its footer (e.g. no account to copy into). */
  fallback?: ReactNode;
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className} persistent={persistent} data-testid={testId}>
        <DialogHeader className={headerClassName}>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {fallback ?? (
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
        )}
      </DialogContent>
    </Dialog>
  );
}
