import { Switch as SwitchPrimitive } from "radix-ui";
import { slotted } from "./slotted";

export const Switch = slotted(
  SwitchPrimitive.Root,
  "switch",
  "peer inline-flex h-[1.125rem] w-[1.875rem] shrink-0 cursor-pointer items-center rounded-full border border-transparent bg-secondary/30 transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-55 data-[state=checked]:bg-primary data-[state=checked]:shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)] dark:bg-white/15",
  <SwitchPrimitive.Thumb
    data-slot="switch-thumb"
    className="pointer-events-none block size-3.5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-[0.8125rem] data-[state=unchecked]:translate-x-0.5 rtl:data-[state=checked]:-translate-x-[0.8125rem] rtl:data-[state=unchecked]:-translate-x-0.5"
  />,
);
