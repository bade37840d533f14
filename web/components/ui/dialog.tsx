import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useTranslation } from "react-i18next";
import { slotted } from "./slotted";
import { cn } from "@/lib/utils";

/** Dialogs: overlay z-index 2000, dialog 2400 (SPEC §9); the round 30/20 close button of §2.7. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = slotted(DialogPrimitive.Overlay, "dialog-overlay", "fixed inset-0 z-overlay bg-[var(--overlay)] data-[state=open]:animate-in");

/** The round close button: 30 px with a 20 px X (SPEC §2.7). */
export function DialogCloseButton({ className, ...props }: React.ComponentProps<"button">) {
  const { t } = useTranslation("common");
  return (
    <DialogPrimitive.Close asChild>
      <button
        type="button"
        data-slot="dialog-close"
        aria-label={t("actions.close")}
        className={cn(
          "inline-flex size-[30px] cursor-pointer items-center justify-center rounded-full bg-card text-foreground shadow-pop transition-transform outline-none hover:-translate-y-px hover:text-primary focus-visible:ring-3 focus-visible:ring-primary/30 dark:bg-card",
          className,
        )}
        {...props}
      >
        <X className="size-5" aria-hidden />
      </button>
    </DialogPrimitive.Close>
  );
}

export interface DialogContentProps extends React.ComponentProps<typeof DialogPrimitive.Content> {
  showCloseButton?: boolean;
  /** Keep the dialog open on a click outside (the confirmation dialog of §2.12). */
  persistent?: boolean;
}

export function DialogContent({ className, children, showCloseButton = true, persistent = false, onPointerDownOutside, onInteractOutside, ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        onPointerDownOutside={(e) => {
          if (persistent) e.preventDefault();
          onPointerDownOutside?.(e);
        }}
        onInteractOutside={(e) => {
          if (persistent) e.preventDefault();
          onInteractOutside?.(e);
        }}
        className={cn(
          "fixed top-1/2 left-1/2 z-dialog grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-md bg-card p-6 text-card-foreground shadow-pop outline-none data-[state=open]:animate-dialog-in sm:p-8",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && <DialogCloseButton className="absolute top-3 right-3 rtl:right-auto rtl:left-3" />}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = slotted("div", "dialog-header", "flex flex-col gap-1.5 pe-6 text-start");

export const DialogFooter = slotted("div", "dialog-footer", "flex flex-col-reverse gap-3 sm:flex-row sm:justify-end");

export const DialogTitle = slotted(DialogPrimitive.Title, "dialog-title", "text-lg leading-tight font-semibold text-heading");

export const DialogDescription = slotted(DialogPrimitive.Description, "dialog-description", "text-[0.9375rem] text-muted-foreground");
