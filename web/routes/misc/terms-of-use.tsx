import { LegalDocument } from "./public-page";

export const handle = { titleKey: "pages:terms.title" };

export default function TermsOfUsePage() {
  return <LegalDocument ns="terms" />;
}
