import type { BadgeProps } from "@/components/ui/badge";
import type { BroadcastStatus, RecipientState } from "@worker/features/broadcasts/contract";

/** The badge tone of each broadcast status (list, page header). */
export const STATUS_TONE: Record<BroadcastStatus, NonNullable<BadgeProps["variant"]>> = {
  draft: "secondary",
  scheduled: "info",
  sending: "default",
  paused: "warning",
  completed: "success",
  cancelled: "secondary",
  failed: "destructive",
};

/** The badge tone of each recipient state (recipients table, counters). */
export const STATE_TONE: Record<RecipientState, NonNullable<BadgeProps["variant"]>> = {
  queued: "secondary",
  sent: "info",
  delivered: "default",
  read: "success",
  failed: "destructive",
  skipped: "warning",
};

/** The bar colour of each recipient state in the progress bar. */
export const STATE_BAR: Record<RecipientState, string> = {
  queued: "bg-secondary/40",
  sent: "bg-info",
  delivered: "bg-primary",
  read: "bg-success",
  failed: "bg-destructive",
  skipped: "bg-warning",
};
