import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyServerErrors } from "@/lib/form";
import { notify } from "@/lib/notify";

/**
 * The save step of the field and tag dialogs: run the call, say so, refresh the list and close;
 * a 400/409 puts the server's messages on the form's fields, anything else is a snackbar.
 */
export function useDialogSave(queryKey: readonly unknown[], onClose: () => void) {
  const { t } = useTranslation("customFields");
  const queryClient = useQueryClient();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return async <T extends FieldValues>(form: UseFormReturn<T, any, any>, call: () => Promise<unknown>, success: string) => {
    try {
      await call();
      notify({ type: "success", message: success });
      await queryClient.invalidateQueries({ queryKey });
      onClose();
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("toasts.saveFailed") });
    }
  };
}
