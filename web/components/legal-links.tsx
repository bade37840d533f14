import { Link } from "@/lib/nav";
import { cn } from "@/lib/utils";

/**
 * The three links to the public information pages (about, privacy policy, terms of use) in the
 * footers of the sign-in frame and the public pages. The caller passes the labels from its own
 * namespace; the links work under either router (lib/nav).
 */
export function LegalLinks({ labels, className }: { labels: { about: string; privacy: string; terms: string }; className?: string }) {
  return (
    <nav className={cn("flex flex-wrap gap-x-4 gap-y-1", className)}>
      <Link className="hover:text-foreground" to="/about-us">
        {labels.about}
      </Link>
      <Link className="hover:text-foreground" to="/privacy-policy">
        {labels.privacy}
      </Link>
      <Link className="hover:text-foreground" to="/terms-of-use">
        {labels.terms}
      </Link>
    </nav>
  );
}
