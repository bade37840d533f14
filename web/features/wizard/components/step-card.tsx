import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

/** One wizard step: its title and why, its content, its buttons. */
export function StepCard({ title, description, children, footer, testId }: { title: string; description: string; children: ReactNode; footer?: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
      {footer && <CardFooter className="flex flex-wrap justify-end gap-2 border-t pt-5">{footer}</CardFooter>}
    </Card>
  );
}
