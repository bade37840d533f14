import { Label as LabelPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        "flex items-center gap-2 text-[0.8125rem] leading-none font-normal text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-55 group-data-[disabled=true]:opacity-55",
        className,
      )}
      {...props}
    />
  );
}
