import { cn } from "@/lib/utils";
import { inputClass } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(inputClass, "h-auto min-h-20 py-2 field-sizing-content", className)} {...props} />;
}
