// zod's parser, loaded by web/lib/form.ts at the first validation (not with the form itself).
export { safeParseAsync } from "zod/v4/core";
