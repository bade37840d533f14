import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * A row of filter chips that scrolls sideways, with a fade at each edge where chips are hidden so
 * the reader sees there is more. The edges are logical (start/end), so the fades follow RTL: there
 * Chromium reports scrollLeft from 0 down to negative values, hence the absolute value.
 */
export function ChipRow({ label, children, className, ...rest }: { label: string; children: React.ReactNode; className?: string } & React.HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const scrolled = Math.abs(el.scrollLeft);
    const rest = el.scrollWidth - el.clientWidth - scrolled;
    // One pixel of slack: zoomed pages report fractional widths.
    const next = { start: scrolled > 1, end: rest > 1 };
    setHidden((h) => (h.start === next.start && h.end === next.end ? h : next));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    for (const child of Array.from(el.children)) ro.observe(child);
    return () => ro.disconnect();
  }, [measure]);

  // A mouse wheel only scrolls vertically: on desktop it moves the chips sideways instead.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) <= Math.abs(e.deltaX) || el.scrollWidth <= el.clientWidth) return;
      const rtl = getComputedStyle(el).direction === "rtl";
      el.scrollLeft += rtl ? -e.deltaY : e.deltaY;
      e.preventDefault();
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  return (
    <div className={cn("relative -mx-1", className)} data-testid="chip-row" data-more-start={hidden.start || undefined} data-more-end={hidden.end || undefined}>
      <div ref={ref} onScroll={measure} className="flex gap-1.5 overflow-x-auto px-1 pb-0.5 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden" role="group" aria-label={label} {...rest}>
        {children}
      </div>
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute inset-y-0 start-0 w-8 bg-linear-to-r from-card to-transparent transition-opacity duration-150 rtl:bg-linear-to-l",
          hidden.start ? "opacity-100" : "opacity-0",
        )}
      />
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute inset-y-0 end-0 w-8 bg-linear-to-l from-card to-transparent transition-opacity duration-150 rtl:bg-linear-to-r",
          hidden.end ? "opacity-100" : "opacity-0",
        )}
      />
    </div>
  );
}
