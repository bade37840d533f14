import { cn } from "@/lib/utils";

type SlottedProps<T extends React.ElementType> = React.ComponentProps<T> & { className?: string };

/**
 * The one shape of the thin primitives: an element or a Radix/cmdk part rendered with its `data-slot`
 * (none when `slot` is undefined) and its base classes, the caller's `className` merged last so that it
 * wins, and every other prop passed through — `ref` included, a plain prop in React 19. `children`, when
 * given, are fixed parts inside the element (a switch's thumb, a radio's dot) and replace the caller's.
 */
export function slotted<T extends React.ElementType>(Component: T, slot: string | undefined, baseClass: string, children?: React.ReactNode) {
  const Element = Component as React.ElementType;
  function Slotted({ className, ...props }: SlottedProps<T>) {
    const inner = children === undefined ? undefined : { children };
    return <Element data-slot={slot} className={cn(baseClass, className)} {...props} {...inner} />;
  }
  Slotted.displayName = slot ? slot.replace(/(^|-)(\w)/g, (_m: string, _d: string, c: string) => c.toUpperCase()) : "Slotted";
  return Slotted;
}
