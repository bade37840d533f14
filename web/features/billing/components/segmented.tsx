import { ToggleGroup } from "radix-ui";

const ITEM =
  "inline-flex h-9.5 cursor-pointer items-center justify-center gap-2 rounded-md px-5 text-[0.9375rem] font-medium whitespace-nowrap text-foreground transition-colors outline-none hover:bg-primary/8 hover:text-primary focus-visible:ring-3 focus-visible:ring-primary/30 data-[state=on]:bg-primary data-[state=on]:text-primary-foreground data-[state=on]:shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)] [&_svg]:size-4.5";

/**
 * A single choice drawn like the app's pill tabs but without tab panels (the choice changes the
 * page below, e.g. month/year or what is bought): a radio group for assistive technology.
 */
export function Segmented<V extends string>({ value, onChange, label, items }: { value: V; onChange: (v: V) => void; label: string; items: { value: V; label: React.ReactNode; testId?: string }[] }) {
  return (
    <ToggleGroup.Root type="single" value={value} onValueChange={(v) => v && onChange(v as V)} aria-label={label} className="inline-flex w-fit max-w-full flex-wrap items-center gap-1.5">
      {items.map((i) => (
        <ToggleGroup.Item key={i.value} value={i.value} className={ITEM} data-testid={i.testId}>
          {i.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
