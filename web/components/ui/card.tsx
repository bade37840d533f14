import type { ReactNode } from "react";
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

/**
 * The usual head of a card: its title, a line under it and, at the end of the title's line, an
 * action (a button). Write <CardHeader> out for anything else (an icon, a badge by the title).
 */
export function CardHeading({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <CardHeader>
      <CardTitle>{title}</CardTitle>
      {description && <CardDescription>{description}</CardDescription>}
      {action && <CardAction>{action}</CardAction>}
    </CardHeader>
  );
}
