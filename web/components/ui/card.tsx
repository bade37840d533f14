import { slotted } from "./slotted";

export const Card = slotted(
  "div",
  "card",
  "flex flex-col gap-5 rounded-md bg-card py-6 text-card-foreground shadow-card bordered:border bordered:border-border",
);

export const CardHeader = slotted("div", "card-header", "grid auto-rows-min items-start gap-1 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto]");

export const CardTitle = slotted("h3", "card-title", "text-lg leading-snug font-semibold text-heading");

export const CardDescription = slotted("p", "card-description", "text-sm text-muted-foreground");

export const CardAction = slotted("div", "card-action", "col-start-2 row-span-2 row-start-1 self-start justify-self-end");

export const CardContent = slotted("div", "card-content", "px-6");

export const CardFooter = slotted("div", "card-footer", "flex items-center gap-3 px-6");
