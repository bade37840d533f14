import { cva, type VariantProps } from "class-variance-authority";
import { slotted } from "./slotted";
import { cn } from "@/lib/utils";

const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-md px-4 py-3 text-[0.9375rem] has-[>svg]:grid-cols-[calc(var(--spacing)*5)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-0.5 [&>svg]:text-current",
  {
    variants: {
      variant: {
        default: "bg-primary/12 text-primary",
        info: "bg-info/12 text-info",
        success: "bg-success/12 text-success",
        warning: "bg-warning/14 text-warning",
        destructive: "bg-destructive/12 text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Alert({ className, variant, ...props }: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export const AlertTitle = slotted("div", "alert-title", "col-start-2 line-clamp-1 min-h-5 font-medium");

export const AlertDescription = slotted("div", "alert-description", "col-start-2 grid justify-items-start gap-1 text-sm opacity-90 [&_p]:leading-relaxed");
