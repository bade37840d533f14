import { LegalDocument } from "./public-page";

export const handle = { titleKey: "pages:privacy.title" };

export default function PrivacyPolicyPage() {
  return <LegalDocument ns="privacy" />;
}
