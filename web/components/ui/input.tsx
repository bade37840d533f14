import { cn } from "@/lib/utils";

export const inputClass =
  "flex h-9.5 w-full min-w-0 rounded-md border border-input bg-transparent px-3.5 py-1.5 text-[0.9375rem] text-foreground transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground/70 hover:border-muted-foreground/60 focus-visible:border-primary focus-visible:border-2 focus-visible:px-[0.8125rem] focus-visible:shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_25%,transparent)] disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive aria-invalid:focus-visible:border-destructive aria-invalid:focus-visible:shadow-none file:border-0 file:bg-transparent file:text-sm file:font-medium";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClass, className)} {...props} />;
}
