import { cn } from "@/lib/utils";

/** Round icon button of the navbar. */
export function NavbarIconButton({ label, className, children, ...props }: React.ComponentProps<"button"> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        "relative inline-flex size-9.5 shrink-0 cursor-pointer items-center justify-center rounded-full text-heading transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/30 data-[state=open]:bg-muted dark:hover:bg-white/8 dark:data-[state=open]:bg-white/8 [&_svg]:size-[1.375rem]",
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
