import { cva, type VariantProps } from "class-variance-authority";
import { Dialog as SheetPrimitive } from "radix-ui";
import { DialogCloseButton } from "./dialog";
import { slotted } from "./slotted";
import { cn } from "@/lib/utils";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sheetVariants = cva("fixed z-dialog flex flex-col gap-4 bg-card text-card-foreground shadow-pop outline-none", {
  variants: {
    side: {
      start: "inset-y-0 start-0 h-full w-3/4 max-w-sm data-[state=open]:animate-slide-in-left rtl:data-[state=open]:animate-slide-in-right",
      end: "inset-y-0 end-0 h-full w-3/4 max-w-sm data-[state=open]:animate-slide-in-right rtl:data-[state=open]:animate-slide-in-left",
      top: "inset-x-0 top-0 h-auto data-[state=open]:animate-in",
      bottom: "inset-x-0 bottom-0 h-auto data-[state=open]:animate-in",
    },
  },
  defaultVariants: { side: "end" },
});

export interface SheetContentProps extends React.ComponentProps<typeof SheetPrimitive.Content>, VariantProps<typeof sheetVariants> {
  showCloseButton?: boolean;
}

export function SheetContent({ side, className, children, showCloseButton = true, ...props }: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-overlay bg-[var(--overlay)] data-[state=open]:animate-in" />
      <SheetPrimitive.Content data-slot="sheet-content" className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        {showCloseButton && <DialogCloseButton className="absolute top-4 end-4" />}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = slotted("div", undefined, "flex flex-col gap-1 p-6 pb-0");

export const SheetFooter = slotted("div", undefined, "mt-auto flex flex-col gap-2 p-6");

export const SheetTitle = slotted(SheetPrimitive.Title, undefined, "text-lg font-semibold text-heading");

export const SheetDescription = slotted(SheetPrimitive.Description, undefined, "text-sm text-muted-foreground");
