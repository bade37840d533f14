import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** An integration's state as a badge: not connected, connected, or an error. */
export function StatusBadge({ status }: { status: "not_connected" | "connected" | "error" }) {
  const { t } = useTranslation("integrations");
  const variant = status === "connected" ? "success" : status === "error" ? "destructive" : "secondary";
  return (
    <Badge variant={variant} data-testid="integration-status">
      {t(`hub.status.${status}`)}
    </Badge>
  );
}
