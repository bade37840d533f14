import { Label as LabelPrimitive } from "radix-ui";
import { slotted } from "./slotted";

export const Label = slotted(
  LabelPrimitive.Root,
  "label",
  "flex items-center gap-2 text-[0.8125rem] leading-none font-normal text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-55 group-data-[disabled=true]:opacity-55",
);
