import type { UseFormReturn } from "react-hook-form";
import type { ComposerInput, ComposerValues } from "../../composer-schema";

/** The composer's react-hook-form instance, as its sections take it. */
export type ComposerForm = UseFormReturn<ComposerInput, unknown, ComposerValues>;
