import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";

/** One wizard step: its title and why, its content, its buttons. */
export function StepCard({ title, description, children, footer, testId }: { title: string; description: string; children: ReactNode; footer?: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        {/* The page's one heading, with the card title's look (an h1 inside CardTitle's h3 is invalid HTML). */}
        <h1 data-slot="card-title" className="text-xl leading-snug font-semibold text-heading">
          {title}
        </h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
      {footer && <CardFooter className="flex flex-wrap justify-end gap-2 border-t pt-5">{footer}</CardFooter>}
    </Card>
  );
}
