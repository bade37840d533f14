import { useTranslation } from "react-i18next";
import { Crown, Headset, Shield } from "lucide-react";
import { cn } from "@/lib/utils";
import type { Role } from "../types";

const styles: Record<Role, { icon: typeof Crown; className: string }> = {
  owner: { icon: Crown, className: "bg-primary/15 text-primary" },
  admin: { icon: Shield, className: "bg-info/15 text-info" },
  operator: { icon: Headset, className: "bg-secondary/15 text-secondary dark:text-muted-foreground" },
};

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const { t } = useTranslation("accounts");
  const { icon: Icon, className: tone } = styles[role] ?? styles.operator;
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium", tone, className)} data-role={role}>
      <Icon className="size-3" aria-hidden />
      {t(`roles.${role}`)}
    </span>
  );
}
