import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import { Spinner } from "./spinner";
import { cn } from "@/lib/utils";

export const buttonVariants = cva(
  "relative inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-[0.9375rem] font-medium transition-all duration-150 outline-none select-none focus-visible:ring-3 focus-visible:ring-primary/30 disabled:pointer-events-none disabled:opacity-55 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4.5",
  {
    variants: {
      variant: {
        default:
          "bg-primary text-primary-foreground shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)] hover:bg-primary-darken active:bg-primary-darken",
        secondary: "bg-secondary/15 text-foreground hover:bg-secondary/25 dark:bg-secondary/20 dark:hover:bg-secondary/30",
        outline: "border border-primary/60 bg-transparent text-primary hover:bg-primary/8 dark:hover:bg-primary/15",
        ghost: "text-foreground hover:bg-muted dark:hover:bg-white/6",
        destructive:
          "bg-destructive text-destructive-foreground shadow-[0_2px_6px_0_color-mix(in_srgb,var(--error)_30%,transparent)] hover:bg-destructive/90 focus-visible:ring-destructive/30",
        link: "h-auto px-0 text-primary underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-8 px-3.5 text-[0.8125rem]",
        default: "h-9.5 px-5",
        lg: "h-11 px-6 text-base",
        icon: "size-9.5",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /** Shows a spinner and disables the button while an action runs. */
    loading?: boolean;
  };

export function Button({ className, variant, size, asChild = false, loading = false, disabled, children, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={asChild ? undefined : disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading && <Spinner className="absolute" />}
          <span className={cn("inline-flex items-center justify-center gap-2", loading && "invisible")}>{children}</span>
        </>
      )}
    </Comp>
  );
}
