import { Command as CommandPrimitive } from "cmdk";
import { Search } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";
import { slotted } from "./slotted";
import { cn } from "@/lib/utils";

export const Command = slotted(CommandPrimitive, "command", "flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground");

export function CommandDialog({
  title,
  description,
  children,
  className,
  shouldFilter = true,
  ...props
}: React.ComponentProps<typeof Dialog> & { title: string; description?: string; className?: string; shouldFilter?: boolean }) {
  return (
    <Dialog {...props}>
      <DialogContent className={cn("top-[12vh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0 sm:p-0", className)} showCloseButton={false}>
        <DialogTitle className="sr-only">{title}</DialogTitle>
        {description && <DialogDescription className="sr-only">{description}</DialogDescription>}
        <Command shouldFilter={shouldFilter} className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase">
          {children}
        </Command>
      </DialogContent>
    </Dialog>
  );
}

export function CommandInput({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div data-slot="command-input-wrapper" className="flex h-14 items-center gap-3 border-b border-border px-4">
      <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <CommandPrimitive.Input
        data-slot="command-input"
        className={cn("flex h-10 w-full bg-transparent text-base outline-hidden placeholder:text-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-50", className)}
        {...props}
      />
    </div>
  );
}

export const CommandList = slotted(
  CommandPrimitive.List,
  "command-list",
  "max-h-[min(26rem,60vh)] scroll-py-2 overflow-x-hidden overflow-y-auto p-2 scrollbar-thin",
);

export const CommandEmpty = slotted(CommandPrimitive.Empty, "command-empty", "py-10 text-center text-[0.9375rem] text-muted-foreground");

export const CommandGroup = slotted(CommandPrimitive.Group, "command-group", "overflow-hidden text-foreground");

export const CommandSeparator = slotted(CommandPrimitive.Separator, "command-separator", "-mx-2 my-1 h-px bg-border");

export const CommandItem = slotted(
  CommandPrimitive.Item,
  "command-item",
  "relative flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-[0.9375rem] outline-hidden select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-primary/10 data-[selected=true]:text-primary [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-[1.125rem]",
);

export const CommandShortcut = slotted("span", "command-shortcut", "ms-auto text-xs tracking-widest text-muted-foreground");

export const CommandLoading = slotted(CommandPrimitive.Loading, "command-loading", "");
