import type { ReactNode } from "react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { NavbarIconButton } from "./navbar-icon-button";

/** A navbar icon button that opens a dropdown menu aligned to its end (theme, language). */
export function NavbarMenu({ label, testId, icon, contentClassName, children }: { label: string; testId: string; icon: ReactNode; contentClassName?: string; children: ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <NavbarIconButton label={label} data-testid={testId}>
          {icon}
        </NavbarIconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={contentClassName}>
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
