import { cn } from "@/lib/utils";
import { inputClass } from "./input";

/** A multi-line field: each line runs in its own direction (see `bidi-plaintext`) unless the caller gives a `dir`. */
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(inputClass, "h-auto min-h-20 py-2 field-sizing-content", !props.dir && "bidi-plaintext", className)} {...props} />;
}
