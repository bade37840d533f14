import { EllipsisVertical } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

/**
 * The "⋮" menu of a row or card: an icon button named by `label` that opens its items (DropdownMenuItem…)
 * aligned to its end. Use it where a card or row keeps its secondary actions out of sight.
 */
export function ActionsMenu({
  label,
  className,
  loading,
  testId,
  children,
}: {
  label: string;
  className?: string;
  loading?: boolean;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={cn("size-8", className)} aria-label={label} data-testid={testId} loading={loading}>
          <EllipsisVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
