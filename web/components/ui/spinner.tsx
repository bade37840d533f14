import { LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export function Spinner({ className, label, ...props }: React.ComponentProps<"svg"> & { label?: string }) {
  const { t } = useTranslation("common");
  return <LoaderCircle role="status" aria-label={label ?? t("states.loading")} className={cn("size-4 animate-spin", className)} {...props} />;
}
