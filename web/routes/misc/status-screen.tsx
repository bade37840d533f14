import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { BrandMark } from "@/features/auth/components/brand-mark";

/** Full-screen status page (404, maintenance, no access) in the blank layout. */
export function StatusScreen({ icon: Icon, code, title, text, actions, testId }: { icon: LucideIcon; code?: string; title: string; text: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <div className="flex min-h-svh flex-col bg-background px-4 py-6 sm:px-8" data-testid={testId}>
      <BrandMark />
      <main className="flex flex-1 flex-col items-center justify-center py-12 text-center">
        <div className="relative mb-8">
          <div aria-hidden className="absolute inset-0 -z-0 scale-150 rounded-full bg-primary/10 blur-2xl" />
          <span className="relative flex size-24 items-center justify-center rounded-full bg-card text-primary shadow-card">
            <Icon className="size-11" aria-hidden />
          </span>
        </div>
        {code && <p className="text-6xl font-bold tracking-tight text-primary/80 tabular-nums">{code}</p>}
        <h1 className="mt-3 text-2xl font-semibold text-heading sm:text-3xl">{title}</h1>
        <div className="mt-3 max-w-lg text-muted-foreground">{text}</div>
        {actions && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
      </main>
    </div>
  );
}
