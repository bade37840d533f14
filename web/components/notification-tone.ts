import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { NotificationType } from "@/lib/notify";

/** The icon and tinted badge of a notification's type: the snackbar and the navbar's history alike. */
export const NOTIFICATION_ICONS: Record<NotificationType, typeof Info> = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info };
export const NOTIFICATION_TONE: Record<NotificationType, string> = {
  success: "bg-success/15 text-success",
  error: "bg-destructive/15 text-destructive",
  warning: "bg-warning/15 text-warning",
  info: "bg-info/15 text-info",
};
