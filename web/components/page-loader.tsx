import { Spinner } from "./ui/spinner";
import { cn } from "@/lib/utils";

/** Centred spinner while a page or the session loads. */
export function PageLoader({ className, fullScreen }: { className?: string; fullScreen?: boolean }) {
  return (
    <div className={cn("flex w-full items-center justify-center py-24", fullScreen && "min-h-dvh py-0", className)} data-testid="page-loader">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
