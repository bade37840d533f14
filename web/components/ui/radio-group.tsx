import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { slotted } from "./slotted";

export const RadioGroup = slotted(RadioGroupPrimitive.Root, "radio-group", "grid gap-3");

export const RadioGroupItem = slotted(
  RadioGroupPrimitive.Item,
  "radio-group-item",
  "peer aspect-square size-[1.125rem] shrink-0 cursor-pointer rounded-full border-2 border-input outline-none transition-[border-color,box-shadow] focus-visible:ring-3 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive data-[state=checked]:border-primary",
  <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
    <span className="size-2 rounded-full bg-primary" />
  </RadioGroupPrimitive.Indicator>,
);
