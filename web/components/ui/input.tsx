import { cn } from "@/lib/utils";

/**
 * The fields' look. Focused, the border looks 2 px wide through an inset shadow, not a wider border:
 * a wider border would need less padding, which would undo a field's own (a search box's room for
 * its magnifier, a password's for its eye).
 */
export const inputClass =
  "flex h-9.5 w-full min-w-0 rounded-md border border-input bg-transparent px-3.5 py-1.5 text-[0.9375rem] text-foreground transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground/70 hover:border-muted-foreground/60 focus-visible:border-primary focus-visible:shadow-[inset_0_0_0_1px_var(--color-primary),0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_25%,transparent)] disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive aria-invalid:focus-visible:border-destructive aria-invalid:focus-visible:shadow-[inset_0_0_0_1px_var(--color-destructive)] file:border-0 file:bg-transparent file:text-sm file:font-medium";

/** Fields of free text: what is typed in them takes its own direction (see `bidi-plaintext`). */
const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "password"]);

/**
 * A text field. What is typed runs in its own direction (a Russian sentence in an Arabic page keeps its
 * "?" at the end) while the field keeps the page's; a caller's `dir` takes over from that.
 */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClass, TEXT_TYPES.has(type) && !props.dir && "bidi-plaintext", className)} {...props} />;
}
