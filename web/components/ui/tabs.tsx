import { Tabs as TabsPrimitive } from "radix-ui";
import { slotted } from "./slotted";

export const Tabs = slotted(TabsPrimitive.Root, "tabs", "flex flex-col gap-5");

/** Pill tabs as in the admin template: the active tab filled with primary. */
export const TabsList = slotted(TabsPrimitive.List, "tabs-list", "inline-flex w-fit max-w-full flex-wrap items-center gap-1.5");

export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  "tabs-trigger",
  "inline-flex h-9.5 cursor-pointer items-center justify-center gap-2 rounded-md px-5 text-[0.9375rem] font-medium whitespace-nowrap text-foreground transition-colors outline-none hover:bg-primary/8 hover:text-primary focus-visible:ring-3 focus-visible:ring-primary/30 disabled:pointer-events-none disabled:opacity-55 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)] [&_svg]:size-4.5",
);

export const TabsContent = slotted(TabsPrimitive.Content, "tabs-content", "flex-1 outline-none");
